import type { FastifyInstance } from "fastify";
import { ADMIN_AUTH_COOKIE, adminCookieOptions } from "../../../common/staff/admin-cookie";
import { sessionListingSchema, sessionsEndedSchema } from "../../../common/staff/sessions";
import { staffAccountSchema } from "../../../common/staff/staff";
import { z } from "../../../common/zod";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  okBody,
  withStatus,
} from "../schemas";

const errors = { 401: errorBody, 403: errorBody };
const route = (need: "anyRole" | "staff", summary: string, extra: Record<string, unknown>) => ({
  ...adminOnly(need),
  schema: { summary, tags: ["admin"], security: adminSecurity, ...extra },
});

/**
 * Sessions you can see and end: the signed-in account's own sessions ('Account'), and an Owner
 * ending all of a colleague's ('Staff').
 */
export async function adminSessionRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const sessions = app.services.sessions;
  const secure = app.config.siteUrl.startsWith("https:");

  app.get(
    "/admin/sessions",
    route(
      "anyRole",
      "The signed-in account's sessions, the most recently used first; `current` is this one",
      {
        response: {
          200: withStatus("Ok", "data", jsonSchemaOf(z.array(sessionListingSchema), "output")),
          ...errors,
        },
      },
    ),
    async (request) => ({
      status: "Ok",
      data: await sessions.listFor(request.admin!.id, request.admin!.sessionId),
    }),
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/sessions/:id",
    route("anyRole", "Sign out one of the account's own sessions (this one too: then the cookie goes)", {
      params: idParams,
      response: { 200: okBody, 404: errorBody, ...errors },
    }),
    async (request, reply) => {
      await sessions.revokeById(request.admin!.id, request.params.id);
      if (request.params.id === request.admin!.sessionId)
        reply.clearCookie(ADMIN_AUTH_COOKIE, adminCookieOptions(secure));
      return { status: "Ok" };
    },
  );

  app.post(
    "/admin/sessions/end-others",
    route("anyRole", "Sign out everywhere else: every session of the account but this one ends", {
      response: { 200: withStatus("Ok", "data", jsonSchemaOf(sessionsEndedSchema, "output")), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      data: { ended: await sessions.revokeOthers(request.admin!.id, request.admin!.sessionId) },
    }),
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/staff/:id/sessions",
    route("staff", "An Owner signs a colleague out everywhere: every session of the account ends", {
      tags: ["admin staff"],
      params: idParams,
      response: {
        200: withStatus(
          "Ok",
          "data",
          jsonSchemaOf(staffAccountSchema.pick({ email: true }).extend(sessionsEndedSchema.shape), "output"),
        ),
        404: errorBody,
        ...errors,
      },
    }),
    async (request) => ({
      status: "Ok",
      data: await app.services.staff.endSessions(request.params.id, request.admin!),
    }),
  );
}
