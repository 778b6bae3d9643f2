import type { FastifyInstance } from "fastify";
import {
  ADMIN_BROWSER_COOKIE,
  adminBrowserCookieOptions,
  adminBrowserFromCookies,
  adminCookieOptions,
} from "../../common/admin-cookie";
import { ADMIN_AUTH_COOKIE } from "../../common/constants";
import { roleSchema } from "../../common/roles";
import { clientKey } from "../client-address";
import { RAW_CREDENTIALS } from "../plugins/input";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  withStatus,
} from "./schemas";

/**
 * POST /api/admin/login, /logout and GET /profile. The token lives in an HttpOnly cookie, so the
 * browser asks /profile whether it is signed in; the login answer still carries `auth` for API clients.
 */
export async function adminAuthRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const secure = app.config.siteUrl.startsWith("https:");

  app.post(
    "/admin/login",
    {
      config: { ...RAW_CREDENTIALS, signIn: true },
      schema: {
        summary: "Sign in; sets the admin_auth cookie and returns the token as auth",
        tags: ["admin"],
        body: {
          type: "object",
          properties: { email: { type: "string" }, password: { type: "string" } },
          required: ["email", "password"],
        },
        response: {
          200: {
            type: "object",
            properties: { status: { type: "string" }, message: { type: "string" }, auth: { type: "string" } },
            required: ["status", "message", "auth"],
          },
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = (request.body ?? {}) as Record<string, unknown>;
      const { token, browser } = await app.services.logins.signIn({
        email,
        password,
        client: clientKey(request.ip),
        userAgent: request.headers["user-agent"],
        browser: adminBrowserFromCookies(request.headers.cookie),
      });
      reply.setCookie(ADMIN_AUTH_COOKIE, token, adminCookieOptions(secure));
      reply.setCookie(ADMIN_BROWSER_COOKIE, browser, adminBrowserCookieOptions(secure));
      return { status: "Ok", message: "Login successful", auth: token };
    },
  );

  app.post(
    "/admin/logout",
    {
      ...adminOnly("anyRole"),
      schema: {
        summary: "Revoke the current session and clear the cookie",
        tags: ["admin"],
        security: adminSecurity,
        response: { 200: okBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      if (request.adminToken) await app.services.sessions.revoke(request.adminToken);
      reply.clearCookie(ADMIN_AUTH_COOKIE, adminCookieOptions(secure));
      return { status: "Ok" };
    },
  );

  app.get(
    "/admin/profile",
    {
      ...adminOnly("anyRole"),
      schema: {
        summary: "Session check: the signed-in administrator",
        tags: ["admin"],
        security: adminSecurity,
        response: {
          200: withStatus("Ok", "data", {
            type: "object",
            properties: { email: { type: "string" }, role: jsonSchemaOf(roleSchema, "output") },
            required: ["email", "role"],
          }),
          401: errorBody,
        },
      },
    },
    async (request) => ({ status: "Ok", data: { email: request.admin!.email, role: request.admin!.role } }),
  );
}
