import { COMPANY } from "@common/company";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import type { TemplateImage } from "~/components/blog/types";
import { pageMeta } from "../seo";

/** What search engines and link previews learn about one blog post. */
export interface PostSeo {
  id: string;
  /** The post's meta_data_title: the page title. */
  metaTitle: string;
  /** The post's title: the headline. */
  title: string;
  description: string;
  dateAdded: string;
  modified: string;
  image: TemplateImage | null;
}

/** The blog's 404 page: its own title, kept out of search results. */
export const notFoundMeta = () => [
  { title: `${BLOG_MESSAGES.page.notFoundTitle} | ${COMPANY.name}` },
  { name: "robots", content: "noindex" },
];

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, "");
export const postUrl = (siteUrl: string, id: string) => `${origin(siteUrl)}/blog/${id}`;

/** Title, description, canonical, Open Graph (an article with its own picture) and Twitter card. */
export function blogPostMeta(seo: PostSeo, siteUrl: string) {
  const image = seo.image && `${origin(siteUrl)}${seo.image.src}`;
  const base = pageMeta(
    { title: seo.metaTitle, description: seo.description, path: `/blog/${seo.id}` },
    siteUrl,
  );
  const replaced = new Set(["og:type", ...(image ? ["og:image"] : [])]);
  return [
    ...base.filter((tag) => !("property" in tag && replaced.has(tag.property ?? ""))),
    { property: "og:type", content: "article" },
    ...(seo.image && image
      ? [
          { property: "og:image", content: image },
          ...(seo.image.width ? [{ property: "og:image:width", content: String(seo.image.width) }] : []),
          ...(seo.image.height ? [{ property: "og:image:height", content: String(seo.image.height) }] : []),
          ...(seo.image.alt ? [{ property: "og:image:alt", content: seo.image.alt }] : []),
          { name: "twitter:image", content: image },
        ]
      : []),
    { property: "article:published_time", content: seo.dateAdded },
    { property: "article:modified_time", content: seo.modified },
    { name: "twitter:title", content: seo.metaTitle },
    { name: "twitter:description", content: seo.description },
  ];
}

/** schema.org BlogPosting, written by the company. */
export function blogPostingJsonLd(seo: PostSeo, siteUrl: string) {
  const url = postUrl(siteUrl, seo.id);
  const company = { "@type": "Organization", name: COMPANY.name, url: `${origin(siteUrl)}/` };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: seo.title,
    description: seo.description,
    datePublished: seo.dateAdded,
    dateModified: seo.modified,
    ...(seo.image ? { image: [`${origin(siteUrl)}${seo.image.src}`] } : {}),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: "en-GB",
    author: company,
    publisher: {
      ...company,
      logo: { "@type": "ImageObject", url: `${origin(siteUrl)}/favicon.svg` },
    },
  };
}
