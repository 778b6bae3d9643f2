import type { FastifyInstance } from "fastify";
import { adminBlogListQuerySchema, blogPostInputSchema } from "../../../common/content/blog";
import { BLOG_PAGE_SIZE } from "../../../common/content/blog-rules";
import {
  adminErrors,
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idJson,
  idParams,
  jsonSchemaOf,
  okBody,
  parseBody,
  postBody,
  postListBody,
  postSchema,
  withStatus,
} from "../schemas";

const revisionSchema = {
  type: "object",
  properties: {
    id: idJson,
    savedAt: { type: "string", format: "date-time" },
    savedBy: { type: "string", description: "The administrator's e-mail address" },
    reason: { type: "string", enum: ["published", "saved", "restored"] },
    title: { type: "string", description: "The post's title in that revision" },
  },
  required: ["id", "savedAt", "savedBy", "reason", "title"],
};

/**
 * Blog administration over the blog service: GET /api/admin/blog (every state), POST /api/admin,
 * PUT and DELETE /api/admin/:id, POST /api/admin/:id/unpublish.
 */
export async function adminBlogRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.get(
    "/admin/blog",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Every post in every state (or one state), newest first, with `state`",
        description: `One page (limit defaults to ${BLOG_PAGE_SIZE}); \`fields=summary\` leaves out paragraph bodies.`,
        tags: ["admin blog"],
        security: adminSecurity,
        querystring: jsonSchemaOf(adminBlogListQuerySchema),
        response: {
          200: postListBody(true),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const query = parseBody(adminBlogListQuerySchema, request.query);
      const page = query.page ?? 1;
      const limit = query.limit ?? BLOG_PAGE_SIZE;
      const range = { state: query.state ?? ("all" as const), limit, offset: (page - 1) * limit };
      const { blog } = app.services;
      const [result, total] = await Promise.all([
        query.fields === "summary" ? blog.listSummaries(range) : blog.list(range),
        blog.count(range),
      ]);
      return { status: "Ok", result, total, page, limit };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/admin/:id/revisions",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "A post's revisions, newest first (the last 50: each publish and manual save)",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        response: {
          200: withStatus("Ok", "result", { type: "array", items: revisionSchema }),
          404: errorBody,
          ...adminErrors,
        },
      },
    },
    async (request) => ({ status: "Ok", result: await app.services.blog.revisions(request.params.id) }),
  );

  app.post<{ Params: { id: string; revisionId: string } }>(
    "/admin/:id/revisions/:revisionId/restore",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Restore a revision as the post's new draft (its text and images; the post becomes a draft)",
        tags: ["admin blog"],
        security: adminSecurity,
        params: {
          type: "object",
          properties: {
            ...idParams.properties,
            revisionId: idJson,
          },
          required: ["id", "revisionId"],
        },
        response: { 200: withStatus("Ok", "result", postSchema), 404: errorBody, ...adminErrors },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const by = request.admin?.email ?? "";
      return { status: "Ok", result: await app.services.blog.restore(id, revisionId, { by }) };
    },
  );

  app.post<{ Params: { id: string } }>(
    "/admin/:id/unpublish",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Unpublish a post: it becomes a draft (a scheduled one loses its time)",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        response: { 200: withStatus("Ok", "result", postSchema), 404: errorBody, ...adminErrors },
      },
    },
    async (request) => ({
      status: "Ok",
      result: await app.services.blog.unpublish(request.params.id, {
        by: request.admin?.email,
        adminId: request.admin?.id,
      }),
    }),
  );

  app.post(
    "/admin",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Create a blog post",
        tags: ["admin blog"],
        security: adminSecurity,
        body: postBody,
        response: { 201: withStatus("Created", "result", postSchema), ...adminErrors },
      },
    },
    async (request, reply) => {
      const input = parseBody(blogPostInputSchema, request.body);
      // The service's state machine decides, as for the editor's screens (saveDraft, schedule, publish).
      const post = await app.services.blog.save(null, input, [], {
        by: request.admin?.email,
        adminId: request.admin?.id,
      });
      return reply.status(201).send({ status: "Created", result: post });
    },
  );

  app.put<{ Params: { id: string } }>(
    "/admin/:id",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Update a blog post (dateAdded is kept)",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        body: postBody,
        response: { 200: withStatus("Ok", "result", postSchema), 404: errorBody, ...adminErrors },
      },
    },
    async (request) => {
      const input = parseBody(blogPostInputSchema, request.body);
      const by = { by: request.admin?.email, adminId: request.admin?.id };
      // The editor's rules: a published post is not saved as a draft (409), a stale version is refused.
      return { status: "Ok", result: await app.services.blog.save(request.params.id, input, [], by) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/:id",
    {
      ...adminOnly("blog"),
      schema: {
        summary: "Delete a blog post and its images",
        tags: ["admin blog"],
        security: adminSecurity,
        params: idParams,
        response: { 200: okBody, 404: errorBody, ...adminErrors },
      },
    },
    async (request) => {
      await app.services.blog.remove(request.params.id, {
        by: request.admin?.email,
        adminId: request.admin?.id,
      });
      return { status: "Ok" };
    },
  );
}
