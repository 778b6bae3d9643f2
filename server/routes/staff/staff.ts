import type { FastifyInstance } from "fastify";
import {
  ADMIN_AUTH_COOKIE,
  ADMIN_BROWSER_COOKIE,
  adminBrowserCookieOptions,
  adminBrowserFromCookies,
  adminCookieOptions,
} from "../../../common/staff/admin-cookie";
import {
  inviteAcceptSchema,
  staffAccountSchema,
  staffInviteInputSchema,
  staffInviteSchema,
  staffListSchema,
  staffRoleInputSchema,
} from "../../../common/staff/staff";
import { clientKey } from "../../client-address";
import { RAW_CREDENTIALS } from "../../plugins/input";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";

const admin = adminRoute("staff", "admin staff");
const tokenParams = {
  type: "object",
  properties: { token: { type: "string", description: "The invitation link's last part" } },
  required: ["token"],
} as const;

/** 'Staff': accounts, invitations, removal, and accepting an invitation. */
export async function adminStaffRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const staff = app.services.staff;
  const secure = app.config.siteUrl.startsWith("https:");

  app.get(
    "/admin/staff",
    admin("Every account with its last sign-in, and the invitations waiting", {
      response: { 200: withStatus("Ok", "data", jsonSchemaOf(staffListSchema, "output")), ...adminErrors },
    }),
    async (request) => ({ status: "Ok", data: await staff.list(request.admin!) }),
  );

  app.post(
    "/admin/staff/invites",
    admin("Invite a colleague: a one-time link, valid 48 hours, is mailed to them", {
      body: jsonSchemaOf(staffInviteInputSchema),
      response: {
        201: withStatus("Created", "data", jsonSchemaOf(staffInviteSchema, "output")),
        409: errorBody,
        ...adminErrors,
      },
    }),
    async (request, reply) => {
      const { email, role } = parseBody(staffInviteInputSchema, request.body);
      const invite = await staff.invite(email, role, request.admin!);
      return reply.status(201).send({ status: "Created", data: invite });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/staff/invites/:id",
    admin("Withdraw a pending invitation: its link stops working at once", {
      params: idParams,
      response: { 200: okBody, 404: errorBody, ...adminErrors },
    }),
    async (request) => {
      await staff.withdraw(request.params.id, request.admin!);
      return { status: "Ok" };
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/admin/staff/:id",
    admin(
      "Remove an account; its sessions end and its pending invitations are withdrawn. Never one's own, never the last",
      {
        params: idParams,
        response: { 200: okBody, 404: errorBody, 409: errorBody, ...adminErrors },
      },
    ),
    async (request) => {
      await staff.remove(request.params.id, request.admin!);
      return { status: "Ok" };
    },
  );

  app.put<{ Params: { id: string } }>(
    "/admin/staff/:id/role",
    admin(
      "Give a colleague another role; it holds from their next request. Never one's own; an Owner remains; a role that may not invite withdraws the pending invitations they sent",
      {
        params: idParams,
        body: jsonSchemaOf(staffRoleInputSchema),
        response: {
          200: withStatus(
            "Ok",
            "data",
            jsonSchemaOf(staffAccountSchema.pick({ email: true, role: true }), "output"),
          ),
          404: errorBody,
          409: errorBody,
          ...adminErrors,
        },
      },
    ),
    async (request) => {
      const { role } = parseBody(staffRoleInputSchema, request.body);
      const changed = await staff.changeRole(request.params.id, role, request.admin!);
      return { status: "Ok", data: { email: changed.email, role: changed.role } };
    },
  );

  app.post<{ Params: { token: string } }>(
    "/admin/invites/:token",
    {
      config: { ...RAW_CREDENTIALS, signIn: true },
      schema: {
        summary: "Accept an invitation with one's own password; sets the admin_auth cookie as a login does",
        tags: ["admin staff"],
        params: tokenParams,
        body: jsonSchemaOf(inviteAcceptSchema),
        response: {
          200: {
            type: "object",
            properties: { status: { type: "string", enum: ["Ok"] }, auth: { type: "string" } },
            required: ["status", "auth"],
          },
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { password } = parseBody(inviteAcceptSchema, request.body);
      const { token, browser } = await staff.accept(
        request.params.token,
        password,
        clientKey(request.ip),
        request.headers["user-agent"],
        adminBrowserFromCookies(request.headers.cookie),
      );
      reply.setCookie(ADMIN_AUTH_COOKIE, token, adminCookieOptions(secure));
      reply.setCookie(ADMIN_BROWSER_COOKIE, browser, adminBrowserCookieOptions(secure));
      return { status: "Ok", auth: token };
    },
  );
}
