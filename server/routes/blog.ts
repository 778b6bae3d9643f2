import type { FastifyInstance } from "fastify";
import { BLOG_API_MESSAGES, BLOG_LIST_MAX_LIMIT, BLOG_LIST_MESSAGES } from "../../common/blog";
import { BLOG_PAGE_SIZE } from "../../common/constants";
import { badRequest, notFound } from "../errors";
import { createAnswerCache, sendAnswer } from "../plugins/answer-cache";
import {
  documentOnlyValidation,
  errorBody,
  idParams,
  listedPostSchema,
  postSchema,
  withStatus,
} from "./schemas";

interface ListQuery {
  page?: unknown;
  limit?: unknown;
  fields?: unknown;
}

/** A whole number from `min` to `max` given as a query string value; `undefined` when absent. */
function wholeNumber(value: unknown, min: number, max: number, message: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) throw badRequest(message);
  return n;
}

/** The list query: SPEC's full list unless `page`/`limit` ask for a slice; `fields=summary` drops bodies. */
function parseListQuery(query: ListQuery) {
  const page = wholeNumber(query.page, 1, 1_000_000, BLOG_LIST_MESSAGES.page);
  const limit = wholeNumber(query.limit, 1, BLOG_LIST_MAX_LIMIT, BLOG_LIST_MESSAGES.limit);
  if (query.fields !== undefined && query.fields !== "summary") throw badRequest(BLOG_LIST_MESSAGES.fields);
  const summary = query.fields === "summary";
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

  app.get<{ Querystring: ListQuery }>(
    "/blog",
    {
      schema: {
        summary: "Every blog post, newest first; optionally one page of them, optionally without bodies",
        description:
          "Without query parameters: every post (SPEC's list). `page` and/or `limit` answer one slice " +
          `(limit defaults to ${BLOG_PAGE_SIZE}, at most ${BLOG_LIST_MAX_LIMIT}) and add \`total\`, \`page\`, ` +
          "`limit`. `fields=summary` leaves out each paragraph's `content` (HTML). Bad values: 400.",
        tags: ["blog"],
        querystring: {
          type: "object",
          properties: {
            page: { type: "integer", minimum: 1, description: "1-based page number" },
            limit: {
              type: "integer",
              minimum: 1,
              maximum: BLOG_LIST_MAX_LIMIT,
              description: "posts per page",
            },
            fields: { type: "string", enum: ["summary"], description: "leave out paragraph bodies" },
          },
        },
        response: {
          200: {
            type: "object",
            properties: {
              status: { type: "string", enum: ["Ok"] },
              result: { type: "array", items: listedPostSchema },
              total: { type: "integer", description: "every post (paged answers only)" },
              page: { type: "integer" },
              limit: { type: "integer" },
            },
            required: ["status", "result"],
          },
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { summary, paging } = parseListQuery(request.query);
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
      const answer = await answers.answer(`post ${request.params.id}`, async () => {
        const post = await app.services.blog.get(request.params.id);
        return post && reply.serialize({ status: "Ok", result: post });
      });
      if (!answer) throw notFound(BLOG_API_MESSAGES.notFound);
      return sendAnswer(request, reply, answer);
    },
  );
}
