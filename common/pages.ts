/** The public pages at fixed addresses: the sitemap lists them, the page cache keeps them. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/services/2",
  "/sustainability",
  "/contact",
  "/contact/2",
  "/blog",
  "/quote",
  "/legal/privacy-policy",
] as const;

/** The quote wizard's steps 2 to 6 (step 1 is /quote). */
export const QUOTE_STEP_PAGES = ["/quote/2", "/quote/3", "/quote/4", "/quote/5", "/quote/6"] as const;

const FIXED = new Set<string>([...PUBLIC_PAGES, ...QUOTE_STEP_PAGES]);
const BLOG_POST = /^\/blog\/[^/]+$/;

/**
 * Whether a path names a page that can exist: a fixed page, or a blog post (which exists only when
 * its render answers 200). Anything else reaches the catch-all, and is never worth keeping.
 */
export const isKnownPagePath = (pathname: string) => FIXED.has(pathname) || BLOG_POST.test(pathname);

/** The id of the route that answers every other path with the home page. */
export const CATCH_ALL_ROUTE_ID = "catch-all";
