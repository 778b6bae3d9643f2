import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  missingPathsPageSchema,
  REDIRECT_LIMITS,
  REDIRECT_STATUSES,
  redirectInputSchema,
} from "../../../common/content/redirects";
import type { RedirectEditor } from "../../services/content/redirects";
import {
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idJson,
  idParams,
  jsonSchemaOf,
  okBody,
  withStatus,
} from "../schemas";

const admin = adminRoute("site", "admin redirects");
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const redirectSchema = {
  type: "object",
  properties: {
    id: idJson,
    from: { type: "string", description: "A path of this site, normalised (lower case, no trailing /)" },
    to: {
      type: "string",
      nullable: true,
      description: "A path of this site or an https address; null for 410",
    },
    status: { type: "integer", enum: [...REDIRECT_STATUSES] },
    createdBy: {
      type: "string",
      nullable: true,
      description: "The colleague's e-mail; null when the site made it",
    },
    createdAt: { type: "string", format: "date-time" },
  },
  required: ["id", "from", "to", "status", "createdBy", "createdAt"],
};

const missingPathSchema = {
  type: "object",
  properties: {
    day: { type: "string", format: "date", description: "The UK day" },
    path: { type: "string" },
    count: { type: "integer" },
    lastSeen: { type: "string", format: "date-time" },
    referrer: { type: "string", description: "The latest referring site's host; empty when none" },
  },
  required: ["day", "path", "count", "lastSeen", "referrer"],
};

const redirectBody = jsonSchemaOf(redirectInputSchema);
/** 'Create redirect' on a row of the 404 log: its path, and where to (the same rules as a redirect). */
const fromMissingBody = {
  type: "object",
  properties: {
    path: { type: "string", description: "The row's path, as the 404 log lists it" },
    to: redirectBody.properties?.to ?? { type: "string" },
    status: redirectBody.properties?.status ?? { type: "integer" },
  },
  required: ["path"],
};

const editor = (request: FastifyRequest): RedirectEditor => request.admin as RedirectEditor;

/** 'Redirects' over the API (Owner and Editor): the same rules, refusals and activity record as the screen. */
export async function redirectRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const redirects = () => app.services.redirects;

  app.get(
    "/admin/redirects",
    admin("Every redirect, by the path it comes from", {
      response: { 200: withStatus("Ok", "result", { type: "array", items: redirectSchema }), ...errors },
    }),
    async (request) => ({ status: "Ok", result: await redirects().list(editor(request)) }),
  );

  app.post(
    "/admin/redirects",
    admin(
      "Add a redirect (301, 302 or 410); loops, chains longer than one hop and a path already redirected are refused (409)",
      {
        body: redirectBody,
        response: { 201: withStatus("Created", "result", redirectSchema), 409: errorBody, ...errors },
      },
    ),
    async (request, reply) => {
      const result = await redirects().add(request.body, editor(request));
      return reply.status(201).send({ status: "Created", result });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/redirects/:id",
    admin("Remove a redirect", { params: idParams, response: { 200: okBody, ...errors } }),
    async (request) => {
      await redirects().remove(request.params.id, editor(request));
      return { status: "Ok" };
    },
  );

  app.get<{ Querystring: { page?: string } }>(
    "/admin/redirects/not-found",
    admin(
      `The 404 log: missing paths a UK day each, most counted first, ${REDIRECT_LIMITS.logPageSize} a page`,
      {
        querystring: { type: "object", properties: { page: { type: "integer", minimum: 1 } } },
        response: {
          200: {
            type: "object",
            properties: {
              status: { type: "string", enum: ["Ok"] },
              result: { type: "array", items: missingPathSchema },
              total: { type: "integer" },
              page: { type: "integer" },
              limit: { type: "integer" },
            },
            required: ["status", "result", "total", "page", "limit"],
          },
          ...errors,
        },
      },
    ),
    async (request) => {
      const page = missingPathsPageSchema.parse(request.query.page);
      const { rows, ...paging } = await redirects().missingPaths(editor(request), page);
      return { status: "Ok", result: rows, ...paging };
    },
  );

  app.post(
    "/admin/redirects/not-found",
    admin("'Create redirect' on a row of the 404 log: a redirect from its path; the path leaves the log", {
      body: fromMissingBody,
      response: { 201: withStatus("Created", "result", redirectSchema), 409: errorBody, ...errors },
    }),
    async (request, reply) => {
      const body: Record<string, unknown> =
        typeof request.body === "object" && request.body !== null
          ? (request.body as Record<string, unknown>)
          : {};
      const path = typeof body.path === "string" ? body.path : "";
      const result = await redirects().redirectMissingPath(
        path,
        { to: body.to, status: body.status },
        editor(request),
      );
      return reply.status(201).send({ status: "Created", result });
    },
  );
}
