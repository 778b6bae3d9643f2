/** The longest return address kept; a longer one sends the visitor home. */
export const SAME_SITE_PATH_MAX = 2000;

/**
 * Two slashes or backslashes in any mix at the start: a browser reads `//host` and `/\host` in a
 * Location header as another site.
 */
const ANOTHER_HOST = /^[/\\]{2}/;

/**
 * A path of this site for a return address a visitor sent (the cookie banner's `back`), safe to
 * put in a Location header: the address is resolved by the URL parser against the site's own
 * `origin`, as a browser resolves it (`\` is `/`, tabs and line breaks are dropped, `.`, `..` and
 * `%2e%2e` segments collapse), and kept only when it stays on that origin; its path and query are
 * returned, unless they would themselves start like another host (`/.//evil.example` resolves to
 * the path `//evil.example`), also once percent-decoded (`/%2F%2Fevil.example`). Anything else,
 * or anything that is no address, is home: `/`.
 */
export function sameSitePath(value: unknown, origin: string): string {
  if (typeof value !== "string" || value.length > SAME_SITE_PATH_MAX) return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  const path = url.pathname + url.search;
  return ANOTHER_HOST.test(path) || ANOTHER_HOST.test(decoded(path)) ? "/" : path;
}

/** The path percent-decoded; a malformed escape reads as another host (refused). */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "//";
  }
}
