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

/**
 * The one reader of the admin session cookie: its value out of a Cookie header (the API's hook,
 * the screens' loaders and the page cache all ask this), or undefined when there is none.
 */
export function adminTokenFromCookies(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === ADMIN_AUTH_COOKIE) return rest.join("=");
  }
  return undefined;
}
