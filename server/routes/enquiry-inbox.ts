import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { INBOX_MESSAGES } from "../../common/admin-messages";
import { UUID_SHAPE } from "../../common/blog";
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, MAIL_STATES } from "../../common/constants";
import {
  enquiryStatusInputSchema,
  INBOX_PAGE_DEFAULT,
  inboxFilterSchema,
  inboxQuerySchema,
  queryValues,
} from "../../common/enquiry-inbox";
import { badRequest, HttpError, notFound } from "../errors";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  nullable,
  parseBody,
  withStatus,
} from "./schemas";

const enquiryFields = {
  _id: { type: "string", format: "uuid" },
  kind: { type: "string", enum: ENQUIRY_KINDS },
  createdAt: { type: "string", format: "date-time" },
  status: { type: "string", enum: ENQUIRY_STATUSES },
  statusChangedAt: nullable("string", { format: "date-time", description: "null: never changed" }),
  fields: { type: "object", additionalProperties: true, description: "As submitted (CONTRACT shapes)" },
} as const;

const required = ["_id", "kind", "createdAt", "status", "statusChangedAt", "fields", "mail"];
const mailDelivery = { state: { type: "string", enum: MAIL_STATES }, attempts: { type: "integer" } } as const;

const enquirySchema = {
  type: "object",
  properties: {
    ...enquiryFields,
    mail: nullable("object", {
      description: "null for spam, which is never mailed",
      properties: mailDelivery,
    }),
  },
  required,
} as const;

const enquiryDetailSchema = {
  type: "object",
  properties: {
    ...enquiryFields,
    mail: nullable("object", {
      properties: {
        ...mailDelivery,
        lastError: nullable("string"),
        sentAt: nullable("string", { format: "date-time" }),
        nextAttemptAt: nullable("string", { format: "date-time" }),
      },
    }),
  },
  required,
} as const;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const admin = (summary: string, extra: Record<string, unknown>) => ({
  ...adminOnly,
  schema: { summary, tags: ["admin enquiries"], security: adminSecurity, ...extra },
});

type WithId = { Params: { id: string } };

/** A well-formed enquiry id (400 otherwise: bad input, not a missing enquiry). */
function enquiryId(raw: string): string {
  if (!UUID_SHAPE.test(raw)) throw badRequest(INBOX_MESSAGES.invalidId);
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
        `CONTRACT's list. Without parameters: the newest ${INBOX_PAGE_DEFAULT} enquiries that are not spam. ` +
        "Pass `next` back as `cursor` for the following (older) page, `newer` for the previous one.",
      querystring: jsonSchemaOf(inboxQuerySchema),
      response: {
        200: {
          type: "object",
          properties: {
            status: { type: "string", enum: ["Ok"] },
            data: { type: "array", items: enquirySchema },
            next: nullable("string"),
            newer: nullable("string"),
          },
          required: ["status", "data", "next", "newer"],
        },
        ...errors,
      },
    }),
    async (request) => {
      const query = parseBody(inboxQuerySchema, queryValues(request.query as Record<string, unknown>));
      return { status: "Ok", ...(await inbox.list(query)) };
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
        .send(Readable.from(inbox.exportCsv(filter)));
    },
  );

  app.get<WithId>(
    "/admin/enquiries/:id",
    admin("One enquiry with every field and its mail's delivery record", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", enquiryDetailSchema), ...errors },
    }),
    async (request) => {
      const enquiry = await inbox.get(enquiryId(request.params.id));
      if (!enquiry) throw notFound(INBOX_MESSAGES.notFound);
      return { status: "Ok", data: enquiry };
    },
  );

  app.put<WithId>(
    "/admin/enquiries/:id/status",
    admin("Set the status (the time it changed is kept)", {
      params: idParams,
      body: jsonSchemaOf(enquiryStatusInputSchema),
      response: { 200: withStatus("Ok", "data", enquiryDetailSchema), ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      const { status } = parseBody(enquiryStatusInputSchema, request.body);
      const enquiry = await inbox.setStatus(id, status);
      if (!enquiry) throw notFound(INBOX_MESSAGES.notFound);
      return { status: "Ok", data: enquiry };
    },
  );

  app.post<WithId>(
    "/admin/enquiries/:id/retry-mail",
    admin("Send a failed notification again now", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", enquiryDetailSchema), 409: errorBody, ...errors },
    }),
    async (request) => {
      const id = enquiryId(request.params.id);
      const outcome = await inbox.retryMail(id);
      if (outcome === "not-found") throw notFound(INBOX_MESSAGES.notFound);
      if (outcome === "not-failed") throw new HttpError(409, INBOX_MESSAGES.retryNotFailed);
      return { status: "Ok", data: await inbox.get(id) };
    },
  );
}
