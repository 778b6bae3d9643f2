import type { FastifyInstance } from "fastify";
import { type BlogListQuery, blogListQuerySchema } from "../../../common/content/blog";
import { BLOG_LIST_MAX_LIMIT, BLOG_PAGE_SIZE } from "../../../common/content/blog-rules";
import { createAnswerCache, sendAnswer } from "../../plugins/answer-cache";
import {
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  parseBody,
  postListBody,
  postSchema,
  withStatus,
} from "../schemas";

/** The list query: every post unless `page`/`limit` ask for a slice; `fields=summary` drops bodies. */
function listRange({ page, limit, fields }: BlogListQuery) {
  const summary = fields === "summary";
  if (page === undefined && limit === undefined) return { summary };
  const size = limit ?? BLOG_PAGE_SIZE;
  const current = page ?? 1;
  return { summary, paging: { page: current, limit: size, offset: (current - 1) * size } };
}

/** Public blog: GET /api/blog (newest first) and GET /api/blog/:id. */
export async function blogRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  // Kept until the content changes (server/plugins/answer-cache.ts).
  const answers = createAnswerCache(app.services.contentVersion);

  app.get(
    "/blog",
    {
      schema: {
        summary: "Every blog post, newest first; optionally one page of them, optionally without bodies",
        description:
          "Without query parameters: every post. `page` and/or `limit` answer one slice " +
          `(limit defaults to ${BLOG_PAGE_SIZE}, at most ${BLOG_LIST_MAX_LIMIT}) and add \`total\`, \`page\`, ` +
          "`limit`. `fields=summary` leaves out each paragraph's `content` (HTML). Bad values: 400.",
        tags: ["blog"],
        querystring: jsonSchemaOf(blogListQuerySchema),
        response: {
          200: postListBody(false),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const query = parseBody(blogListQuerySchema, request.query);
      const { summary, paging } = listRange(query);
      const key = `list ${summary ? "summary" : "full"} ${paging?.page ?? "-"} ${paging?.limit ?? "-"}`;
      const answer = await answers.answer(key, async () => {
        const blog = app.services.blog;
        const range = paging && { limit: paging.limit, offset: paging.offset };
        const result = await (summary ? blog.listSummaries(range) : blog.list(range));
        if (!paging) return reply.serialize({ status: "Ok", result });
        const total = await blog.count();
        return reply.serialize({ status: "Ok", result, total, page: paging.page, limit: paging.limit });
      });
      return sendAnswer(request, reply, answer as NonNullable<typeof answer>);
    },
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
    async (request, reply) => {
      const answer = await answers.answer(`post ${request.params.id}`, async () =>
        reply.serialize({ status: "Ok", result: await app.services.blog.get(request.params.id) }),
      );
      return sendAnswer(request, reply, answer as NonNullable<typeof answer>);
    },
  );
}
