import { PUBLIC_PAGES } from "~/content/navigation";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: the public pages, at their canonical addresses under SITE_URL. */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.services.config.siteUrl;
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url><loc>${siteUrl}${path === "/" ? "/" : path}</loc></url>`,
  ).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
