import { COMPANY } from "@common/company";
import { imageUrl } from "~/lib/content/blog-display";
import { excerpt, plainText } from "~/lib/content/blog-text";
import { BLOG_FEED } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import type { Route } from "./+types/rss";

/** Posts in the feed: the newest ones (readers poll it; the sitemap lists every post). */
const FEED_SIZE = 20;

/** /blog/rss.xml: an RSS 2.0 feed of the newest posts, with absolute links under SITE_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.services.config.siteUrl.replace(/\/+$/, "");
  const posts = await context.services.blog.list({ limit: FEED_SIZE });
  const items = posts.map((post) => {
    const link = escapeXml(`${siteUrl}/blog/${post._id}`);
    const image = post.content[post.social_image_paragraph ?? -1]?.img ?? post.img;
    const description =
      post.meta_description || excerpt(plainText(post.content[0]?.content ?? ""), 300) || post.title;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(post.dateAdded).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(description)}</description>`,
      // The post's social picture (its chosen one, else the first), as Open Graph shows it.
      ...(image
        ? [
            `      <media:content url="${escapeXml(`${siteUrl}${imageUrl(image)}?w=960`)}" type="image/webp" medium="image"/>`,
          ]
        : []),
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.dateAdded;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${escapeXml(BLOG_FEED.title)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <description>${escapeXml(`News and guidance on organic waste from ${COMPANY.name}`)}</description>`,
    "    <language>en-gb</language>",
    `    <atom:link href="${escapeXml(`${siteUrl}${BLOG_FEED.path}`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
