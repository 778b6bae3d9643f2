export const ADMIN_AUTH_COOKIE = "admin_auth";
export const ADMIN_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

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

/** The one cookie reader: cookie `wanted`'s value out of a Cookie header, or undefined. */
function cookieFrom(cookieHeader: string | null | undefined, wanted: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === wanted) return rest.join("=");
  }
  return undefined;
}

/**
 * The admin session cookie's value out of a Cookie header (the API's hook, the screens' loaders
 * and the page cache all ask this), or undefined when there is none.
 */
export const adminTokenFromCookies = (cookieHeader: string | null | undefined) =>
  cookieFrom(cookieHeader, ADMIN_AUTH_COOKIE);

/**
 * The browser's own id (a random value in a long-lived cookie, kept across sign-outs): a sign-in
 * from a browser the account has not used before mails the account (services/staff/browsers.ts).
 */
export const ADMIN_BROWSER_COOKIE = "admin_browser";
const BROWSER_COOKIE_DAYS = 400;

export const adminBrowserFromCookies = (cookieHeader: string | null | undefined) =>
  cookieFrom(cookieHeader, ADMIN_BROWSER_COOKIE);

export const adminBrowserCookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "strict", secure, path: "/", maxAge: BROWSER_COOKIE_DAYS * 86_400 }) as const;

/** The Set-Cookie header value that keeps the browser's id. */
export function adminBrowserCookieHeader(browser: string, secure: boolean): string {
  return [
    `${ADMIN_BROWSER_COOKIE}=${browser}`,
    `Max-Age=${BROWSER_COOKIE_DAYS * 86_400}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
