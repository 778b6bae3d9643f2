import { ADMIN_AUTH_COOKIE, ADMIN_SESSION_TTL_MS } from "./constants";

/**
 * The admin session cookie's attributes, the same whether the API (`POST /api/admin/login`) or
 * the login screen's action sets it: script-proof, never sent cross-site, for the session's life.
 */
export const adminCookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "strict", secure, path: "/", maxAge: ADMIN_SESSION_TTL_MS / 1000 }) as const;

/**
 * The Set-Cookie header value for a session token (a base64url token needs no encoding); without
 * one, the header that removes the cookie (sign-out).
 */
export function adminCookieHeader(token: string | undefined, secure: boolean): string {
  const options = adminCookieOptions(secure);
  return [
    `${ADMIN_AUTH_COOKIE}=${token ?? ""}`,
    `Max-Age=${token ? options.maxAge : 0}`,
    `Path=${options.path}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
