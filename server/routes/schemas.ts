import type { FastifyInstance } from "fastify";
import { blogParagraphSchema, blogPostInputSchema } from "../../common/content/blog";
import { popupInputSchema } from "../../common/content/popup";
import { idParamsSchema, idSchema } from "../../common/ids";
import { API_MESSAGES } from "../../common/messages";
import { firstIssue, z } from "../../common/zod";
import { HttpError } from "../errors";
import type { AdminRouteNeed } from "../plugins/sign-in-guard";

/**
 * JSON schemas here document the API (OpenAPI) and shape responses; request bodies are validated
 * by the common zod schemas instead, so a client gets the catalogue's message (common/) for the first failing field
 * rather than Fastify's generic one. Call this in every route plugin that uses these schemas.
 */
export function documentOnlyValidation(app: FastifyInstance) {
  app.setValidatorCompiler(() => (value) => ({ value }));
}

/** The parsed body, or a 400 carrying the first issue's message. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed) ?? API_MESSAGES.invalidRequest);
  return parsed.data;
}

/** A JSON schema as zod writes it for these: objects all the way down, never `true`/`false`. */
export interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/**
 * The JSON schema (OpenAPI 3.0 dialect: `nullable`, no `$schema`) of a common zod schema, so the
 * document and the serializers carry the same limits as the validation. `input`: what a client may
 * send (fields with a default are optional); `output`: what the schema makes of it (every field
 * there), the base of response shapes. Checks zod cannot express (refinements) are left out.
 */
export function jsonSchemaOf(schema: z.core.$ZodType, io: "input" | "output" = "input"): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    target: "openapi-3.0",
    unrepresentable: "any",
    // A default is for what a client leaves out; in a response the serializer would invent the value.
    override:
      io === "output"
        ? ({ jsonSchema }) => {
            delete jsonSchema.default;
          }
        : undefined,
  }) as JsonSchema;
}

/**
 * Options for an /api/admin route: what it needs (a permission of common/staff/roles.ts, or "anyRole"),
 * which the admin scope's hook checks with the session (plugins/auth.ts), and its security note.
 */
export const adminOnly = (permission: AdminRouteNeed) => ({ config: { permission } }) as const;
export const adminSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

/**
 * The options of a feature's admin routes: the permission they need (the admin scope's hook checks
 * it) and their OpenAPI entry (summary, the feature's tag, the two ways to sign in).
 */
export const adminRoute =
  (permission: AdminRouteNeed, tag: string) => (summary: string, extra: Record<string, unknown>) => ({
    ...adminOnly(permission),
    schema: { summary, tags: [tag], security: adminSecurity, ...extra },
  });

/** A stored record's id (common/ids.ts), as the document shows it. */
export const idJson = jsonSchemaOf(idSchema);

/** The path parameters of a route that names one record (`…/:id`). */
export const idParams = jsonSchemaOf(idParamsSchema);

export const nullable = (type: string, extra: object = {}) => ({ type, nullable: true, ...extra });

export const errorBody = {
  type: "object",
  properties: { status: { type: "string", enum: ["Error"] }, message: { type: "string" } },
  required: ["status", "message"],
} as const;

/** What every admin route may answer besides its own: bad input (400), not signed in (401), not allowed (403). */
export const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody } as const;

/** `{status: "Ok"}` alone. */
export const okBody = {
  type: "object",
  properties: { status: { type: "string", enum: ["Ok"] } },
  required: ["status"],
};

/** A stored post: what the input schema makes of the admin's post, plus the server's fields. */
const postFields = jsonSchemaOf(blogPostInputSchema, "output");
const { content: paragraphs, ...postTextFields } = postFields.properties ?? {};

export const postSchema = {
  ...postFields,
  properties: {
    _id: idJson,
    ...postTextFields,
    dateAdded: { type: "string", format: "date-time" },
    img: nullable("string", { description: "The card image: the first paragraph image, or null" }),
    content: paragraphs,
  },
  required: ["_id", ...(postFields.required ?? []), "dateAdded", "img", "state", "publishAt", "version"],
};

/** A post in `GET /api/blog`: with `fields=summary` its paragraphs come without `content`. */
const paragraph = jsonSchemaOf(blogParagraphSchema, "output");
const listedPostSchema = {
  ...postSchema,
  properties: {
    ...postSchema.properties,
    content: {
      ...paragraphs,
      items: { ...paragraph, required: paragraph.required?.filter((field) => field !== "content") },
    },
  },
};

/**
 * A list of posts, with `total`, `page` and `limit` when it is one page of them (`paged`: every
 * answer is; otherwise only those that asked for a page).
 */
export const postListBody = (paged: boolean) => ({
  type: "object",
  properties: {
    status: { type: "string", enum: ["Ok"] },
    result: { type: "array", items: listedPostSchema },
    total: {
      type: "integer",
      description: paged ? "every post in the list" : "every post (paged answers only)",
    },
    page: { type: "integer" },
    limit: { type: "integer" },
  },
  required: paged ? ["status", "result", "total", "page", "limit"] : ["status", "result"],
});

export const postBody = jsonSchemaOf(blogPostInputSchema);

/** A stored popup: the admin's fields as the input schema leaves them, its id and whether it shows. */
const popupFields = jsonSchemaOf(popupInputSchema, "output");

export const popupSchema = {
  ...popupFields,
  properties: {
    _id: idJson,
    ...popupFields.properties,
    activated: { type: "boolean" },
  },
  required: ["_id", ...(popupFields.required ?? []), "activated"],
};

export const popupBody = jsonSchemaOf(popupInputSchema);

/** What the landing page gets: the active popup's own fields, or null. */
export const activePopupSchema = { ...popupFields, nullable: true };

export const withStatus = (status: "Ok" | "Created", key: "result" | "data", schema: object) => ({
  type: "object",
  properties: { status: { type: "string", enum: [status] }, [key]: schema },
  required: ["status", key],
});
