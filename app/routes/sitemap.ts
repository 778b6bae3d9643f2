import { PUBLIC_PAGES } from "@common/content/pages";
import { showsPath } from "@common/content/site-content/registry";
import { escapeXml } from "~/lib/xml";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: the public pages, every blog post and every page from blocks that search engines
 * may list (with its last change), under SITE_URL. A page
 * showing site content (the footer's details: every page) changed when that was last published.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.services.config.siteUrl;
  const [posts, documents, pages] = await Promise.all([
    context.services.blog.lastModified(),
    context.services.siteContent.lastModified(),
    context.services.blockPages.lastModified(),
  ]);
  /** The latest of the given times and the publications of the site content a page shows. */
  const latest = (path: string, ...times: Array<string | undefined>) =>
    [...times, ...documents.filter((d) => showsPath(d.paths, path)).map((d) => d.modified)]
      .filter((time): time is string => time !== undefined)
      .sort()
      .at(-1);
  // The blog's list changes whenever its newest change does.
  const blogModified = posts
    .map((post) => post.modified)
    .sort()
    .at(-1);
  const entry = (path: string, modified?: string) =>
    `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ""}</url>`;
  const urls = [
    ...PUBLIC_PAGES.map((path) => entry(path, latest(path, path === "/blog" ? blogModified : undefined))),
    ...posts.map((post) => entry(`/blog/${post.id}`, latest(`/blog/${post.id}`, post.modified))),
    // The pages from blocks the office published (not those it marked noindex).
    ...pages.map((page) => entry(page.address, latest(page.address, page.modified))),
  ].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
