import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { BLOG_LIMITS, firstIssueMessage } from "../../common/blog";
import { POPUP_CONTENT_MAX, POPUP_TITLE_MAX, TEMPLATE_COUNT } from "../../common/constants";
import { HttpError } from "../errors";
import { requireAdmin } from "../plugins/auth";

/**
 * JSON schemas here document the API (OpenAPI) and shape responses; request bodies are validated
 * by the common zod schemas instead, so a client gets SPEC's message for the first failing field
 * rather than Fastify's generic one. Call this in every route plugin that uses these schemas.
 */
export function documentOnlyValidation(app: FastifyInstance) {
  app.setValidatorCompiler(() => (value) => ({ value }));
}

/** The parsed body, or a 400 carrying the first issue's message. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Options for an /api/admin route: the session guard plus its OpenAPI security note. */
export const adminOnly = { preHandler: requireAdmin } as const;
export const adminSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

export const idParams = {
  type: "object",
  properties: { id: { type: "string", format: "uuid" } },
  required: ["id"],
} as const;

export const errorBody = {
  type: "object",
  properties: { status: { type: "string", enum: ["Error"] }, message: { type: "string" } },
  required: ["status", "message"],
} as const;

export const okBody = {
  type: "object",
  properties: { status: { type: "string", enum: ["Ok"] } },
  required: ["status"],
} as const;

const paragraph = {
  type: "object",
  properties: {
    header: { type: "string", maxLength: BLOG_LIMITS.header },
    content: { type: "string", description: "Sanitised HTML", maxLength: BLOG_LIMITS.content },
    img: { type: ["string", "null"], description: "Image id" },
    alt: { type: "string", description: "Alt text of the image", maxLength: BLOG_LIMITS.alt },
  },
  required: ["header", "content", "img"],
} as const;

export const postSchema = {
  type: "object",
  properties: {
    _id: { type: "string", format: "uuid" },
    meta_data_title: { type: "string" },
    title: { type: "string" },
    readTime: { type: "integer", minimum: 3 },
    template: { type: "integer", minimum: 1, maximum: TEMPLATE_COUNT },
    dateAdded: { type: "string", format: "date-time" },
    img: { type: ["string", "null"] },
    content: { type: "array", items: paragraph, minItems: 3, maxItems: 3 },
  },
  required: ["_id", "meta_data_title", "title", "readTime", "template", "dateAdded", "img", "content"],
} as const;

/** A post in `GET /api/blog`: with `fields=summary` its paragraphs come without `content`. */
export const listedPostSchema = {
  ...postSchema,
  properties: {
    ...postSchema.properties,
    content: {
      type: "array",
      items: { ...paragraph, required: ["header", "img"] },
      minItems: 3,
      maxItems: 3,
    },
  },
} as const;

export const postInputSchema = {
  type: "object",
  properties: {
    meta_data_title: { type: "string", maxLength: BLOG_LIMITS.metaDataTitle },
    title: { type: "string", maxLength: BLOG_LIMITS.title },
    readTime: { type: "integer", minimum: 3 },
    template: { type: "integer", minimum: 1, maximum: TEMPLATE_COUNT },
    content: { type: "array", items: paragraph, minItems: 3, maxItems: 3 },
  },
  required: ["meta_data_title", "title", "readTime", "template", "content"],
} as const;

const popupFields = {
  title: { type: "string", minLength: 1, maxLength: POPUP_TITLE_MAX },
  content: { type: "string", minLength: 1, maxLength: POPUP_CONTENT_MAX },
  navigation: { type: "string", default: "/contact" },
} as const;

export const popupSchema = {
  type: "object",
  properties: { _id: { type: "string", format: "uuid" }, ...popupFields, activated: { type: "boolean" } },
  required: ["_id", "title", "content", "navigation", "activated"],
} as const;

export const popupInputSchema = {
  type: "object",
  properties: popupFields,
  required: ["title", "content"],
} as const;

export const activePopupSchema = {
  type: ["object", "null"],
  properties: popupFields,
  required: ["title", "content", "navigation"],
} as const;

export const withStatus = (status: "Ok" | "Created", key: "result" | "data", schema: object) => ({
  type: "object",
  properties: { status: { type: "string", enum: [status] }, [key]: schema },
  required: ["status", key],
});
