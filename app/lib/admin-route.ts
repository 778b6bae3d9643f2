/**
 * The preamble every admin route shares: a private, unindexed page that is never stored.
 * Each route writes `export const meta = adminMeta("Popups"); export const headers = adminHeaders;`
 * and calls `requireAdmin` (admin-session.server.ts) first in its loader and action.
 */
export const ADMIN_PAGE_HEADERS = { "Cache-Control": "no-store" } as const;

/** Admin pages are private and change with every action: never stored by a browser or proxy. */
export const adminHeaders = () => ADMIN_PAGE_HEADERS;

/** The admin page's title, and no search engine indexes it. */
export const adminMeta = (title: string) => () => [
  { title: `${title} | Fenland Organics` },
  { name: "robots", content: "noindex" },
];
