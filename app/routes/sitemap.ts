import { PUBLIC_PAGES } from "@common/pages";
import { escapeXml } from "~/lib/xml";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: the public pages and every blog post (with its last change), under SITE_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.services.config.siteUrl;
  const posts = await context.services.blog.lastModified();
  // The blog's list changes whenever its newest change does.
  const blogModified = posts
    .map((post) => post.modified)
    .sort()
    .at(-1);
  const entry = (path: string, modified?: string) =>
    `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ""}</url>`;
  const urls = [
    ...PUBLIC_PAGES.map((path) => entry(path, path === "/blog" ? blogModified : undefined)),
    ...posts.map((post) => entry(`/blog/${post.id}`, post.modified)),
  ].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
