import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  BLOCK_PAGE_REVISION_REASONS,
  BLOCK_PAGE_STATES,
  blockPageCreateSchema,
  blockPageDeleteSchema,
  blockPageDraftSchema,
  blockPageDuplicateSchema,
  blockPagePublishSchema,
  blockPageSchema,
} from "../../../common/content/block-pages";
import type { PageEditor } from "../../services/content/block-pages";
import {
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idJson,
  idParams,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";

const admin = adminRoute("site", "admin pages");

/** A page as the office writes it (every block type's fields), from its zod schema. */
const pageJson = jsonSchemaOf(blockPageSchema, "output");
const anyPage = { type: "object", additionalProperties: true };
const when = { type: "string", format: "date-time", nullable: true };

const recordSchema = {
  type: "object",
  properties: {
    id: idJson,
    address: { type: "string", description: "Where the page answers once published" },
    state: { type: "string", enum: BLOCK_PAGE_STATES },
    draft: { ...anyPage, description: "The draft as saved (it may not be valid yet)" },
    issues: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Each field's problem in the draft, by its dotted path; empty when it can be published",
    },
    published: { ...pageJson, nullable: true, description: "What visitors see" },
    publishedAt: when,
    publishAt: { ...when, description: "When the scheduled version goes live" },
    version: { type: "integer", description: "Name it as baseVersion in the next save" },
    updatedAt: { type: "string", format: "date-time" },
    updatedBy: { type: "string", nullable: true, description: "The colleague's e-mail address" },
  },
  required: ["id", "address", "state", "draft", "issues", "published", "version", "updatedAt"],
};
const summarySchema = {
  type: "object",
  properties: {
    id: idJson,
    address: { type: "string" },
    title: { type: "string" },
    state: { type: "string", enum: BLOCK_PAGE_STATES },
    publishedAt: when,
    publishAt: when,
    updatedAt: { type: "string", format: "date-time" },
    updatedBy: { type: "string", nullable: true },
  },
  required: ["id", "address", "title", "state", "updatedAt"],
};
const revisionSchema = {
  type: "object",
  properties: {
    id: idJson,
    savedAt: { type: "string", format: "date-time" },
    savedBy: { type: "string" },
    reason: { type: "string", enum: BLOCK_PAGE_REVISION_REASONS },
    title: { type: "string" },
  },
  required: ["id", "savedAt", "savedBy", "reason", "title"],
};
const invalidBody = {
  type: "object",
  properties: {
    ...errorBody.properties,
    fieldErrors: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["status", "message"],
};
const errors = { 400: invalidBody, 401: errorBody, 403: errorBody, 404: errorBody };
const withPage = (schema: ReturnType<typeof jsonSchemaOf>) => ({
  ...schema,
  properties: { ...schema.properties, page: { ...pageJson, description: "The page (see its blocks)" } },
});
type WithId = { Params: { id: string } };
const editor = (request: FastifyRequest): PageEditor => request.admin as PageEditor;
const ok = <T>(result: T) => ({ status: "Ok" as const, result });

/**
 * Pages from blocks (Owner and Editor) over the block page service: the same rules, refusals and
 * activity record as the 'Pages' screen.
 */
export async function blockPageRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const pages = () => app.services.blockPages;

  app.get(
    "/admin/pages",
    admin("Every page from blocks (not the seven fixed pages), by address", {
      response: { 200: withStatus("Ok", "result", { type: "array", items: summarySchema }), ...errors },
    }),
    async (request) => ok(await pages().list(editor(request))),
  );

  app.post(
    "/admin/pages",
    admin(
      "Make a page (a draft): its address (lowercase words and hyphens, not the site's own) and title are required, the rest kept as sent; 409 when the address is taken",
      {
        body: withPage(jsonSchemaOf(blockPageCreateSchema)),
        response: { 201: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
      },
    ),
    async (request, reply) => {
      const input = parseBody(blockPageCreateSchema, request.body);
      return reply.status(201).send(ok(await pages().create(input.page, editor(request))));
    },
  );

  app.get<WithId>(
    "/admin/pages/:id",
    admin("One page: its draft (with each field's problem), what is published, its version", {
      params: idParams,
      response: { 200: withStatus("Ok", "result", recordSchema), ...errors },
    }),
    async (request) => ok(await pages().get(request.params.id, editor(request))),
  );

  app.put<WithId>(
    "/admin/pages/:id/draft",
    admin(
      "Save the draft (autosave keeps it as typed, even half-valid; a save needs a usable address and title); 409 when another editor saved since baseVersion",
      {
        params: idParams,
        body: withPage(jsonSchemaOf(blockPageDraftSchema)),
        response: { 200: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
      },
    ),
    async (request) => {
      const input = parseBody(blockPageDraftSchema, request.body);
      return ok(
        await pages().saveDraft(request.params.id, input.page, input.baseVersion, editor(request), {
          autosave: input.autosave,
        }),
      );
    },
  );

  app.post<WithId>(
    "/admin/pages/:id/publish",
    admin(
      "Publish the page now, or schedule it (`at`): refused with every field's message unless all of it is valid; a new address keeps the old one as a 301",
      {
        params: idParams,
        body: withPage(jsonSchemaOf(blockPagePublishSchema)),
        response: { 200: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
      },
    ),
    async (request) => {
      const input = parseBody(blockPagePublishSchema, request.body);
      return ok(
        await pages().publish(request.params.id, editor(request), {
          page: input.page,
          baseVersion: input.baseVersion,
          at: input.at === undefined ? undefined : new Date(input.at),
        }),
      );
    },
  );

  app.post<WithId>(
    "/admin/pages/:id/unpublish",
    admin("Take the page off the site (it stays as a draft; its address answers as any unknown path)", {
      params: idParams,
      response: { 200: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
    }),
    async (request) => ok(await pages().unpublish(request.params.id, editor(request))),
  );

  app.delete<WithId>(
    "/admin/pages/:id/schedule",
    admin("Cancel the page's scheduled publication", {
      params: idParams,
      response: { 200: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
    }),
    async (request) => ok(await pages().cancelSchedule(request.params.id, editor(request))),
  );

  app.post<WithId>(
    "/admin/pages/:id/delete",
    admin(
      "Delete the page and its revisions: its address answers 410 Gone, or 301 to `redirectTo` (a path of this site)",
      {
        params: idParams,
        body: jsonSchemaOf(blockPageDeleteSchema),
        response: { 200: okBody, ...errors },
      },
    ),
    async (request) => {
      const input = parseBody(blockPageDeleteSchema, request.body);
      await pages().remove(request.params.id, editor(request), input);
      return { status: "Ok" };
    },
  );

  app.post<WithId>(
    "/admin/pages/:id/duplicate",
    admin("Copy the page's draft to a new page at `address` (a draft); 409 when the address is taken", {
      params: idParams,
      body: jsonSchemaOf(blockPageDuplicateSchema),
      response: { 201: withStatus("Ok", "result", recordSchema), 409: errorBody, ...errors },
    }),
    async (request, reply) => {
      const input = parseBody(blockPageDuplicateSchema, request.body);
      return reply
        .status(201)
        .send(ok(await pages().duplicate(request.params.id, input.address, editor(request))));
    },
  );

  app.get<WithId>(
    "/admin/pages/:id/revisions",
    admin("The page's revisions, newest first (the last 50: saves, publications, schedules, restores)", {
      params: idParams,
      response: { 200: withStatus("Ok", "result", { type: "array", items: revisionSchema }), ...errors },
    }),
    async (request) => ok(await pages().revisions(request.params.id, editor(request))),
  );

  app.post<{ Params: { id: string; revisionId: string } }>(
    "/admin/pages/:id/revisions/:revisionId/restore",
    admin("Restore a revision as the page's draft (publish it to show it)", {
      params: {
        type: "object",
        properties: { id: idJson, revisionId: idJson },
        required: ["id", "revisionId"],
      },
      response: { 200: withStatus("Ok", "result", recordSchema), ...errors },
    }),
    async (request) =>
      ok(await pages().restore(request.params.id, request.params.revisionId, editor(request))),
  );
}
