import type { FastifyInstance, FastifyRequest } from "fastify";
import { siteDraftInputSchema, sitePublishInputSchema } from "../../../common/content/site-content/api";
import { SITE_CONTENT_MESSAGES } from "../../../common/content/site-content/messages";
import {
  documentPermission,
  isSiteDocumentKey,
  SITE_DOCUMENT_KEYS,
  SITE_DOCUMENTS,
  SITE_REVISION_REASONS,
  type SiteDocumentKey,
} from "../../../common/content/site-content/registry";
import { NotFound } from "../../../common/errors";
import { can } from "../../../common/staff/roles";
import type { SiteEditor } from "../../services/content/site-content";
import {
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idJson,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const admin = adminRoute("site", "admin site content");

/** Each document's fields, from its zod schema in common/site-content (one of them per key). */
const documentJson = {
  description: `The document's fields: ${SITE_DOCUMENT_KEYS.map((k) => `\`${k}\` (${SITE_DOCUMENTS[k].label})`).join(", ")}`,
  oneOf: SITE_DOCUMENT_KEYS.map((key) => jsonSchemaOf(SITE_DOCUMENTS[key].schema, "output")),
};
const anyDocument = { type: "object", additionalProperties: true };
const when = { type: "string", format: "date-time", nullable: true };

const stateSchema = {
  type: "object",
  properties: {
    key: { type: "string", enum: SITE_DOCUMENT_KEYS },
    label: { type: "string" },
    draft: { ...anyDocument, description: "The draft as saved (it may not be valid yet)" },
    issues: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Each field's problem in the draft, by its dotted path; empty when it can be published",
    },
    published: { ...anyDocument, description: "What the site shows" },
    unpublishedChanges: { type: "boolean" },
    version: { type: "integer", description: "Name it as baseVersion in the next save" },
    publishedAt: when,
    publishAt: { ...when, description: "When the scheduled version goes live" },
    updatedAt: when,
    updatedBy: { type: "string", nullable: true, description: "The colleague's e-mail address" },
  },
  required: ["key", "label", "draft", "issues", "published", "unpublishedChanges", "version"],
};
const revisionSchema = {
  type: "object",
  properties: {
    id: idJson,
    savedAt: { type: "string", format: "date-time" },
    savedBy: { type: "string" },
    reason: { type: "string", enum: SITE_REVISION_REASONS },
  },
  required: ["id", "savedAt", "savedBy", "reason"],
};
const invalidBody = {
  type: "object",
  properties: {
    ...errorBody.properties,
    fieldErrors: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["status", "message"],
};
const keyParams = {
  type: "object",
  properties: { key: { type: "string", enum: SITE_DOCUMENT_KEYS } },
  required: ["key"],
};
const errors = { 400: invalidBody, 401: errorBody, 403: errorBody, 404: errorBody };
type WithKey = { Params: { key: string } };

/** The document a path names (NotFound with the catalogue's message otherwise). */
function keyOf(request: FastifyRequest<WithKey>): SiteDocumentKey {
  const { key } = request.params;
  if (!isSiteDocumentKey(key)) throw new NotFound(SITE_CONTENT_MESSAGES.unknownDocument);
  return key;
}

const editor = (request: FastifyRequest): SiteEditor => request.admin as SiteEditor;

/**
 * The site's editable content (Owner and Editor) over the site content service: the same rules,
 * refusals and activity record as the 'Site' screen.
 */
export async function siteContentRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const site = () => app.services.siteContent;

  app.get(
    "/admin/site",
    admin("Every editable site document, with its draft and publication", {
      response: { 200: withStatus("Ok", "result", { type: "array", items: stateSchema }), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      // Only the documents the colleague may edit (the quotes' terms are the Owner's alone).
      result: await Promise.all(
        SITE_DOCUMENT_KEYS.filter((key) => can(request.admin?.role, documentPermission(key))).map((key) =>
          site().state(key, editor(request)),
        ),
      ),
    }),
  );

  app.get<WithKey>(
    "/admin/site/:key",
    admin("One site document: its draft (with each field's problem), what is published, its version", {
      params: keyParams,
      response: { 200: withStatus("Ok", "result", stateSchema), ...errors },
    }),
    async (request) => ({ status: "Ok", result: await site().state(keyOf(request), editor(request)) }),
  );

  app.put<WithKey>(
    "/admin/site/:key/draft",
    admin(
      "Save the draft (kept as typed, even half-valid); 409 when another editor saved since baseVersion",
      {
        params: keyParams,
        body: jsonSchemaOf(siteDraftInputSchema),
        response: { 200: withStatus("Ok", "result", stateSchema), 409: errorBody, ...errors },
      },
    ),
    async (request) => {
      const input = parseBody(siteDraftInputSchema, request.body);
      const result = await site().saveDraft(keyOf(request), input.data, input.baseVersion, editor(request), {
        autosave: input.autosave,
      });
      return { status: "Ok", result };
    },
  );

  app.post<WithKey>(
    "/admin/site/:key/publish",
    admin(
      "Publish the document now, or schedule it (`at`); refused with every field's message unless all of it is valid",
      {
        params: keyParams,
        body: {
          ...jsonSchemaOf(sitePublishInputSchema),
          properties: { ...jsonSchemaOf(sitePublishInputSchema).properties, data: documentJson },
        },
        response: { 200: withStatus("Ok", "result", stateSchema), 409: errorBody, ...errors },
      },
    ),
    async (request) => {
      const input = parseBody(sitePublishInputSchema, request.body);
      const result = await site().publish(keyOf(request), editor(request), {
        data: input.data,
        baseVersion: input.baseVersion,
        at: input.at === undefined ? undefined : new Date(input.at),
      });
      return { status: "Ok", result };
    },
  );

  app.delete<WithKey>(
    "/admin/site/:key/schedule",
    admin("Cancel the document's scheduled publication", {
      params: keyParams,
      response: { 200: withStatus("Ok", "result", stateSchema), 409: errorBody, ...errors },
    }),
    async (request) => ({
      status: "Ok",
      result: await site().cancelSchedule(keyOf(request), editor(request)),
    }),
  );

  app.get<WithKey>(
    "/admin/site/:key/revisions",
    admin("The document's revisions, newest first (the last 50: saves, publications, schedules, restores)", {
      params: keyParams,
      response: { 200: withStatus("Ok", "result", { type: "array", items: revisionSchema }), ...errors },
    }),
    async (request) => ({ status: "Ok", result: await site().revisions(keyOf(request), editor(request)) }),
  );

  app.post<{ Params: { key: string; revisionId: string } }>(
    "/admin/site/:key/revisions/:revisionId/restore",
    admin("Restore a revision as the document's draft (publish it to show it)", {
      params: {
        type: "object",
        properties: { ...keyParams.properties, revisionId: idJson },
        required: ["key", "revisionId"],
      },
      response: { 200: withStatus("Ok", "result", stateSchema), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      result: await site().restore(keyOf(request), request.params.revisionId, editor(request)),
    }),
  );
}
