import type { FastifyInstance } from "fastify";
import { BLOG_API_MESSAGES } from "../../common/blog";
import { notFound } from "../errors";
import { documentOnlyValidation, errorBody, idParams, postSchema, withStatus } from "./schemas";

/** Public blog: GET /api/blog (newest first) and GET /api/blog/:id. */
export async function blogRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.get(
    "/blog",
    {
      schema: {
        summary: "Every blog post, newest first",
        tags: ["blog"],
        response: { 200: withStatus("Ok", "result", { type: "array", items: postSchema }) },
      },
    },
    async () => ({ status: "Ok", result: await app.services.blog.list() }),
  );

  app.get<{ Params: { id: string } }>(
    "/blog/:id",
    {
      schema: {
        summary: "One blog post",
        tags: ["blog"],
        params: idParams,
        response: { 200: withStatus("Ok", "result", postSchema), 404: errorBody },
      },
    },
    async (request) => {
      const post = await app.services.blog.get(request.params.id);
      if (!post) throw notFound(BLOG_API_MESSAGES.notFound);
      return { status: "Ok", result: post };
    },
  );
}
