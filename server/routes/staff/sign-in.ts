import type { FastifyInstance } from "fastify";
import { ADMIN_AUTH_COOKIE, adminCookieOptions } from "../../../common/staff/admin-cookie";
import { PASSKEY_MESSAGES } from "../../../common/staff/passkeys";
import { roleSchema } from "../../../common/staff/roles";
import { TWO_FACTOR_MESSAGES, twoFactorSignInSchema } from "../../../common/staff/two-factor";
import { RAW_CREDENTIALS } from "../../plugins/input";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  parseBody,
  withStatus,
} from "../schemas";
import { SIGNED_IN_BODY, signedIn, signInRequest } from "./sign-in-request";

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
        description:
          "For an account with two-factor sign-in or a passkey the password alone makes no session: the " +
          'answer is `{"status":"Ok","twoFactorRequired":true,"pending":"…","methods":["code","passkey"]}` ' +
          'with no `auth` and no cookie. `pending` is good for five minutes and one sign-in: with "code", ' +
          "send it with the authenticator app's code (or a recovery code) to POST /api/admin/login/two-factor; " +
          'with "passkey", ask POST /api/admin/login/two-factor/passkey/options for an assertion by one of ' +
          'the account\'s passkeys and send it to POST /api/admin/login/two-factor/passkey; with "recovery" ' +
          "(an account with passkeys and no authenticator app), a recovery code may go to POST /api/admin/login/two-factor.",
        tags: ["admin"],
        body: {
          type: "object",
          properties: { email: { type: "string" }, password: { type: "string" } },
          required: ["email", "password"],
        },
        response: {
          200: {
            type: "object",
            properties: {
              status: { type: "string" },
              message: { type: "string" },
              auth: { type: "string", description: "The session token (absent when twoFactorRequired)" },
              twoFactorRequired: { type: "boolean", description: "true: send the code with `pending`" },
              pending: {
                type: "string",
                description: "The pending sign-in for the second step",
              },
              methods: {
                type: "array",
                items: { type: "string", enum: ["code", "passkey", "recovery"] },
                description:
                  'How the second step may be done: a code, the account\'s passkey, or either; "recovery": a passkey-only account may send a recovery code to /api/admin/login/two-factor instead of its passkey',
              },
            },
            required: ["status", "message"],
          },
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = (request.body ?? {}) as Record<string, unknown>;
      const result = await app.services.signIns.signIn({
        email,
        password,
        ...signInRequest(request),
      });
      if ("pending" in result)
        return {
          status: "Ok",
          message: result.methods.includes("code")
            ? TWO_FACTOR_MESSAGES.required
            : PASSKEY_MESSAGES.secondStepRequired,
          twoFactorRequired: true,
          pending: result.pending,
          methods: result.methods,
        };
      return signedIn(app, reply, result);
    },
  );

  app.post(
    "/admin/login/two-factor",
    {
      config: { ...RAW_CREDENTIALS, signIn: true },
      schema: {
        summary: "Sign-in's second step: the pending sign-in and a TOTP or recovery code; sets the cookie",
        description:
          "A replayed code (the same or an older time-step) and a used recovery code are refused (400). " +
          "Wrong codes are counted like wrong passwords: after 5 per client and account (10 per account) " +
          "in 15 minutes the answer is 429.",
        tags: ["admin"],
        body: jsonSchemaOf(twoFactorSignInSchema),
        response: {
          200: SIGNED_IN_BODY,
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { pending, code } = parseBody(twoFactorSignInSchema, request.body);
      const session = await app.services.signIns.completeTwoFactor({
        pending,
        code,
        ...signInRequest(request),
      });
      return signedIn(app, reply, session);
    },
  );

  app.post(
    "/admin/logout",
    {
      config: { ...adminOnly("anyRole").config, enrolmentStep: "sign-out" },
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
      config: { ...adminOnly("anyRole").config, enrolmentStep: "profile" },
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
