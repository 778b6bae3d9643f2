import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SIGN_IN_MESSAGES } from "../../../common/admin-messages";
import {
  ADMIN_AUTH_COOKIE,
  ADMIN_BROWSER_COOKIE,
  adminBrowserCookieOptions,
  adminBrowserFromCookies,
  adminCookieOptions,
} from "../../../common/staff/admin-cookie";
import { clientKey } from "../../client-address";

/** What every way of signing in tells the services about the request. */
export const signInRequest = (request: FastifyRequest) => ({
  client: clientKey(request.ip),
  userAgent: request.headers["user-agent"],
  browser: adminBrowserFromCookies(request.headers.cookie),
});

/** The answer of every completed sign-in (password, two-factor code, passkey). */
export const SIGNED_IN_BODY = {
  type: "object",
  properties: { status: { type: "string" }, message: { type: "string" }, auth: { type: "string" } },
  required: ["status", "message", "auth"],
} as const;

/**
 * Completes a sign-in's answer: the session cookie and the browser's cookie set (secure when the
 * site is served over https), the token returned as `auth` for API clients.
 */
export function signedIn(
  app: FastifyInstance,
  reply: FastifyReply,
  session: { token: string; browser: string },
) {
  const secure = app.config.siteUrl.startsWith("https:");
  reply.setCookie(ADMIN_AUTH_COOKIE, session.token, adminCookieOptions(secure));
  reply.setCookie(ADMIN_BROWSER_COOKIE, session.browser, adminBrowserCookieOptions(secure));
  return { status: "Ok", message: SIGN_IN_MESSAGES.signedIn, auth: session.token };
}
