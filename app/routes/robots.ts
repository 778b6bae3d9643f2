import type { Route } from "./+types/robots";

/** /robots.txt: everything public may be crawled, the admin area may not. */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.services.config.siteUrl;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
