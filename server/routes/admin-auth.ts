import type { FastifyInstance, FastifyRequest } from "fastify";
import { ADMIN_AUTH_COOKIE, ADMIN_SESSION_TTL_MS } from "../../common/constants";
import { ADMIN_MESSAGES } from "../../common/messages";
import { HttpError } from "../errors";
import { dummyPasswordHash, verifyPassword } from "../services/passwords";
import { adminOnly, adminSecurity, documentOnlyValidation, errorBody, okBody, withStatus } from "./schemas";

/** Failed logins allowed per client address and per account in one window. */
export const LOGIN_FAILURES_MAX = 10;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Longer inputs cannot be real credentials; they still take the full hashing time. */
const CREDENTIAL_MAX = 1024;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function credentials(body: unknown): { email: string; password: string } {
  const { email, password } = (body ?? {}) as Record<string, unknown>;
  const ok = typeof email === "string" && typeof password === "string";
  return {
    email: ok && email.length <= CREDENTIAL_MAX ? normaliseEmail(email) : "",
    password: ok && password.length <= CREDENTIAL_MAX ? password : "",
  };
}

/** POST /api/admin/login, /logout and GET /profile (CONTRACT; DESIGN difference 5). */
export async function adminAuthRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const secure = app.config.siteUrl.startsWith("https:");

  // Only failures count (a peek first, an increment on failure), so an administrator signing in
  // often from one office is never locked out. With REDIS_URL the counters are shared.
  // Keys are prefixed: Redis-backed limiters made this way share one key space.
  const perClient = app.createRateLimit({
    max: LOGIN_FAILURES_MAX,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `login-client:${request.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: LOGIN_FAILURES_MAX,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `login-account:${credentials(request.body).email}`,
  });

  app.post(
    "/admin/login",
    {
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
        },
      },
    },
    async (request, reply) => {
      const limits = await Promise.all([
        perClient(request, { increment: false }),
        perAccount(request, { increment: false }),
      ]);
      const blocked = limits.find((limit) => !limit.isAllowed && limit.remaining <= 0);
      if (blocked && !blocked.isAllowed) {
        const minutes = Math.max(1, Math.ceil((blocked.ttl || LOGIN_WINDOW_MS) / 60_000));
        throw new HttpError(
          429,
          `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }

      const { email, password } = credentials(request.body);
      const account = email ? await app.services.accounts.findByEmail(email) : undefined;
      // The same scrypt work whether or not the account exists: no timing hint about emails.
      const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
      if (!account || !valid || !password) {
        await Promise.all([perClient(request), perAccount(request)]);
        throw new HttpError(400, ADMIN_MESSAGES.invalidLogin);
      }

      const { token } = await app.services.sessions.create(account.id);
      reply.setCookie(ADMIN_AUTH_COOKIE, token, {
        httpOnly: true,
        sameSite: "strict",
        secure,
        path: "/",
        maxAge: ADMIN_SESSION_TTL_MS / 1000,
      });
      return { status: "Ok", message: "Login successful", auth: token };
    },
  );

  app.post(
    "/admin/logout",
    {
      ...adminOnly,
      schema: {
        summary: "Revoke the current session and clear the cookie",
        tags: ["admin"],
        security: adminSecurity,
        response: { 200: okBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      if (request.adminToken) await app.services.sessions.revoke(request.adminToken);
      reply.clearCookie(ADMIN_AUTH_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure });
      return { status: "Ok" };
    },
  );

  app.get(
    "/admin/profile",
    {
      ...adminOnly,
      schema: {
        summary: "Session check: the signed-in administrator",
        tags: ["admin"],
        security: adminSecurity,
        response: {
          200: withStatus("Ok", "data", {
            type: "object",
            properties: { email: { type: "string" } },
            required: ["email"],
          }),
          401: errorBody,
        },
      },
    },
    async (request) => ({ status: "Ok", data: { email: request.admin!.email } }),
  );
}
