import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { Invalid } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import {
  assignInputSchema,
  enquiryDetailSchema,
  enquiryPageSchema,
  enquiryStatusInputSchema,
  INBOX_PAGE_DEFAULT,
  inboxFilterSchema,
  inboxQuerySchema,
  noteInputSchema,
  queryValues,
  replyInputSchema,
} from "../../../common/leads/enquiry-inbox";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const enquiryDetail = jsonSchemaOf(enquiryDetailSchema, "output");
const enquiryPage = jsonSchemaOf(enquiryPageSchema, "output");

const errors = { ...adminErrors, 404: errorBody };
const admin = adminRoute("enquiries", "admin enquiries");

type WithId = { Params: { id: string } };

/** A well-formed enquiry id (400 otherwise: bad input, not a missing enquiry). */
function enquiryId(raw: string): string {
  if (!UUID_SHAPE.test(raw)) throw new Invalid(INBOX_MESSAGES.invalidId);
  return raw;
}

/** The enquiries inbox API: list (keyset pages), one enquiry, its status, mail retry, CSV export. */
export async function enquiryInboxRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const inbox = app.services.enquiries;

  app.get(
    "/admin/enquiries",
    admin("Enquiries, newest first, a page at a time", {
      description:
        `The inbox list. Without parameters: the newest ${INBOX_PAGE_DEFAULT} enquiries that are not spam. ` +
        "Pass `next` back as `cursor` for the following (older) page, `newer` for the previous one.",
      querystring: jsonSchemaOf(inboxQuerySchema),
      response: {
        200: {
          ...enquiryPage,
          properties: { status: { type: "string", enum: ["Ok"] }, ...enquiryPage.properties },
          required: ["status", ...(enquiryPage.required ?? [])],
        },
        ...errors,
      },
    }),
    async (request) => {
      const query = parseBody(inboxQuerySchema, queryValues(request.query as Record<string, unknown>));
      return { status: "Ok", ...(await inbox.list(query, request.admin!.id)) };
    },
  );

  app.get(
    "/admin/enquiries/export.csv",
    admin("The filtered enquiries as CSV (UTF-8 with BOM, RFC 4180), streamed", {
      querystring: jsonSchemaOf(inboxFilterSchema),
      produces: ["text/csv"],
      response: {
        200: { description: "CSV file", content: { "text/csv": { schema: { type: "string" } } } },
        ...errors,
      },
    }),
    async (request, reply) => {
      const filter = parseBody(inboxFilterSchema, queryValues(request.query as Record<string, unknown>));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="enquiries-${day}.csv"`)
        .send(Readable.from(inbox.exportCsv(filter, request.admin!.id, request.admin)));
    },
  );

  app.get<WithId>(
    "/admin/enquiries/:id",
    admin("One enquiry with every field and its mail's delivery record", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", enquiryDetail), ...errors },
    }),
    async (request) => {
      return { status: "Ok", data: await inbox.get(enquiryId(request.params.id)) };
    },
  );

  app.put<WithId>(
    "/admin/enquiries/:id/status",
    admin("Set the status (the time it changed is kept)", {
      params: idParams,
      body: jsonSchemaOf(enquiryStatusInputSchema),
      response: { 200: withStatus("Ok", "data", enquiryDetail), ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      const { status } = parseBody(enquiryStatusInputSchema, request.body);
      return { status: "Ok", data: await inbox.setStatus(id, status, request.admin!) };
    },
  );

  app.post<WithId>(
    "/admin/enquiries/:id/notes",
    admin("Add a note (plain text) to the enquiry's timeline; never on an erased enquiry", {
      params: idParams,
      body: jsonSchemaOf(noteInputSchema),
      response: { 201: withStatus("Created", "data", enquiryDetail), 409: errorBody, ...errors },
    }),
    async (request, reply) => {
      const id = enquiryId(request.params.id);
      const { text } = parseBody(noteInputSchema, request.body);
      await inbox.addNote(id, text, request.admin!);
      return reply.status(201).send({ status: "Created", data: await inbox.get(id) });
    },
  );

  app.put<{ Params: { id: string; noteId: string } }>(
    "/admin/enquiries/:id/notes/:noteId",
    admin("Edit a note: only its author may, never on an erased enquiry", {
      params: {
        type: "object",
        properties: { id: { type: "string", format: "uuid" }, noteId: { type: "string", format: "uuid" } },
        required: ["id", "noteId"],
      },
      body: jsonSchemaOf(noteInputSchema),
      response: { 200: withStatus("Ok", "data", enquiryDetail), 409: errorBody, ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      const { text } = parseBody(noteInputSchema, request.body);
      await inbox.editNote(id, request.params.noteId, text, request.admin!);
      return { status: "Ok", data: await inbox.get(id) };
    },
  );

  app.put<WithId>(
    "/admin/enquiries/:id/assignee",
    admin("'Assigned to': a colleague's account id, or null for nobody", {
      params: idParams,
      body: jsonSchemaOf(assignInputSchema),
      response: { 200: withStatus("Ok", "data", enquiryDetail), ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      const { assignee } = parseBody(assignInputSchema, request.body);
      await inbox.assign(id, assignee, request.admin!);
      return { status: "Ok", data: await inbox.get(id) };
    },
  );

  app.post<WithId>(
    "/admin/enquiries/:id/replies",
    admin("Reply to the visitor: plain text mailed from the office, kept in the timeline", {
      params: idParams,
      body: jsonSchemaOf(replyInputSchema),
      response: { 201: withStatus("Created", "data", enquiryDetail), ...errors },
    }),
    async (request, reply) => {
      const id = enquiryId(request.params.id);
      const { text } = parseBody(replyInputSchema, request.body);
      await inbox.reply(id, text, request.admin!);
      return reply.status(201).send({ status: "Created", data: await inbox.get(id) });
    },
  );

  app.post<WithId>(
    "/admin/enquiries/:id/retry-mail",
    admin("Send a failed notification again now", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", enquiryDetail), 409: errorBody, ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      await inbox.retryMail(id);
      return { status: "Ok", data: await inbox.get(id) };
    },
  );
}
