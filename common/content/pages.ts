/**
 * The page registry: every public page at a fixed address and the route module that draws it, once.
 * app/routes.ts makes the site's routes from it; the sitemap lists its pages, the page cache keeps
 * them, insights counts them and the browser tests visit each. `id` names a route whose module
 * draws more than one page; `pattern` is the route's own when it answers more addresses (the
 * quote's steps). Blog posts and the catch-all are routes of their own (app/routes.ts).
 * `island` marks the pages whose form or wizard alone runs React, as an island (app/islands); no
 * public page runs React Router in the browser, and every other one is HTML
 * with the small page script (docs/decisions/0043-html-first-pages.md).
 */
export const PAGE_REGISTRY = [
  { path: "/", module: "routes/home.tsx" },
  { path: "/about", module: "routes/about.tsx" },
  { path: "/services", module: "routes/services.tsx" },
  { path: "/services/2", module: "routes/services-tankering.tsx", island: "enquiry-form" },
  { path: "/sustainability", module: "routes/sustainability.tsx" },
  { path: "/contact", module: "routes/contact.tsx", id: "contact", island: "enquiry-form" },
  { path: "/contact/2", module: "routes/contact.tsx", id: "contact-2", island: "enquiry-form" },
  { path: "/blog", module: "routes/blog/list.tsx" },
  { path: "/quote", module: "routes/quote.tsx", pattern: "quote/*", island: "quote-wizard" },
  { path: "/legal/privacy-policy", module: "routes/privacy-policy.tsx" },
  { path: "/book", module: "routes/book.tsx", pattern: "book/*" },
  { path: "/areas-we-serve", module: "routes/areas-we-serve.tsx" },
] as const satisfies ReadonlyArray<{
  path: string;
  module: string;
  id?: string;
  pattern?: string;
  island?: PageIsland;
}>;

/** The islands a public page may hydrate (app/islands/<name>.client.tsx). */
export type PageIsland = "enquiry-form" | "quote-wizard";

/** The public pages at fixed addresses, from the registry. */
export const PUBLIC_PAGES = PAGE_REGISTRY.map((page) => page.path);

/** The quote wizard's steps 2 to 6 (step 1 is /quote). */
export const QUOTE_STEP_PAGES = ["/quote/2", "/quote/3", "/quote/4", "/quote/5", "/quote/6"] as const;

const FIXED = new Set<string>([...PUBLIC_PAGES, ...QUOTE_STEP_PAGES]);
const BLOG_POST = /^\/blog\/[^/]+$/;

/**
 * Whether a path names a page that can exist: a fixed page, or a blog post (which exists only when
 * its render answers 200). Anything else reaches the catch-all, and is never worth keeping.
 */
export const isKnownPagePath = (pathname: string) => FIXED.has(pathname) || BLOG_POST.test(pathname);

const ISLANDS = new Map<string, PageIsland>(
  PAGE_REGISTRY.flatMap((page) => ("island" in page ? [[page.path, page.island]] : [])),
);

const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** Every address the quote's route answers (quote/*: its steps, and step 1 for any other). */
const QUOTE_PATH = /^\/quote(\/|$)/;

/**
 * Pages rendered for each visitor and never kept by the page cache: the booking's free times
 * change with every booking and every day (issue 48), which no content version announces.
 */
export const isLivePage = (pathname: string) => /^\/book(\/|$)/.test(pagePath(pathname));

/** The island a public page hydrates alone (its form, or the quote wizard at any quote address), if any. */
export function pageIsland(pathname: string): PageIsland | undefined {
  const path = pagePath(pathname);
  return ISLANDS.get(QUOTE_PATH.test(path) ? "/quote" : path);
}

/** The id of the route that answers every other path with the home page. */
export const CATCH_ALL_ROUTE_ID = "catch-all";
