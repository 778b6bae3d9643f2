import { COMPANY } from "@common/company";
import { BLOCK_PAGE_TEXTS } from "@common/content/block-pages";
import { pageMeta } from "../seo";
import type { BlockPageView } from "./block-page-view";

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

/** The page's canonical address: its own when the editor set one (a path of this site or https), else its address. */
export function canonicalOf(view: Pick<BlockPageView, "address" | "canonical">, siteUrl: string): string {
  if (!view.canonical) return `${origin(siteUrl)}${view.address}`;
  return view.canonical.startsWith("/") ? `${origin(siteUrl)}${view.canonical}` : view.canonical;
}

/** Title, description, canonical, noindex and Open Graph (the page's social picture) for a page from blocks. */
export function blockPageMeta(view: BlockPageView, siteUrl: string) {
  const base = pageMeta({ title: view.title, description: view.description, path: view.address }, siteUrl);
  const canonical = canonicalOf(view, siteUrl);
  const image = view.social && `${origin(siteUrl)}${view.social.src}`;
  const tags = base.map((tag) => {
    if ("rel" in tag && tag.rel === "canonical") return { ...tag, href: canonical };
    if ("property" in tag && tag.property === "og:url") return { ...tag, content: canonical };
    if ("property" in tag && tag.property === "og:image" && image) return { ...tag, content: image };
    return tag;
  });
  return [
    ...tags,
    ...(view.social && image
      ? [
          ...(view.social.width ? [{ property: "og:image:width", content: String(view.social.width) }] : []),
          ...(view.social.height
            ? [{ property: "og:image:height", content: String(view.social.height) }]
            : []),
          { name: "twitter:image", content: image },
        ]
      : []),
    ...(view.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A deleted page's 410: its own title, kept out of search results. */
export const gonePageMeta = () => [
  { title: `${BLOCK_PAGE_TEXTS.goneTitle} | ${COMPANY.name}` },
  { name: "robots", content: "noindex" },
];

/** schema.org for the page: its BreadcrumbList always, FAQPage for its FAQ blocks, Service for its area. */
export function blockPageJsonLd(view: BlockPageView, siteUrl: string): object[] {
  const home = `${origin(siteUrl)}/`;
  const url = `${origin(siteUrl)}${view.address}`;
  const data: object[] = [
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: home },
        { "@type": "ListItem", position: 2, name: view.title, item: url },
      ],
    },
  ];
  const questions = view.blocks.flatMap((block) => (block.type === "faq" ? block.items : []));
  if (questions.length)
    data.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: questions.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    });
  if (view.area)
    data.push({
      "@context": "https://schema.org",
      "@type": "Service",
      name: view.title,
      ...(view.description ? { description: view.description } : {}),
      url,
      provider: { "@type": "LocalBusiness", "@id": `${origin(siteUrl)}/#organisation`, name: COMPANY.name },
      areaServed: [
        { "@type": "Place", name: view.area.name },
        ...view.area.districts.map((district) => ({
          "@type": "PostalCodeSpecification",
          postalCodePrefix: district,
        })),
      ],
    });
  return data;
}
