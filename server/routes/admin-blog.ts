import type { FastifyInstance } from "fastify";
import { BLOG_API_MESSAGES, blogPostInputSchema } from "../../common/blog";
import { notFound } from "../errors";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idParams,
  okBody,
  parseBody,
  postBody,
  postSchema,
  withStatus,
} from "./schemas";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Blog administration: POST /api/admin, PUT and DELETE /api/admin/:id. */
export async function adminBlogRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.post(
    "/admin",
    {
      ...adminOnly,
      schema: {
        summary: "Create a blog post",
        tags: ["admin blog"],
        security: adminSecurity,
        body: postBody,
        response: { 201: withStatus("Created", "result", postSchema), ...errors },
      },
    },
    async (request, reply) => {
      const input = parseBody(blogPostInputSchema, request.body);
      const post = await app.services.blog.create(input);
      return reply.status(201).send({ status: "Created", result: post });
    },
  );

  app.put<{ Params: { id: string } }>(
    "/admin/:id",
    {
      ...adminOnly,
      schema: {
        summary: "Update a blog post (dateAdded is kept)",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        body: postBody,
        response: { 200: withStatus("Ok", "result", postSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => {
      const input = parseBody(blogPostInputSchema, request.body);
      const post = await app.services.blog.update(request.params.id, input);
      if (!post) throw notFound(BLOG_API_MESSAGES.notFound);
      return { status: "Ok", result: post };
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/:id",
    {
      ...adminOnly,
      schema: {
        summary: "Delete a blog post and its images",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        response: { 200: okBody, 404: errorBody, ...errors },
      },
    },
    async (request) => {
      if (!(await app.services.blog.remove(request.params.id))) throw notFound(BLOG_API_MESSAGES.notFound);
      return { status: "Ok" };
    },
  );
}
