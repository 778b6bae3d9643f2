import { COMPANY, COMPANY_ADDRESS_LINE } from "@common/company";

/** The blog's RSS feed, linked from every public page. */
export const BLOG_FEED = { path: "/blog/rss.xml", title: `${COMPANY.name} blog` } as const;

export interface PageSeo {
  title: string;
  description: string;
  /** The page's canonical path, e.g. "/about". */
  path: string;
}

/** Root loader data every page's meta reads the site's public address from. */
export interface RootData {
  siteUrl: string;
  consent: "accepted" | "rejected" | null;
}

type MatchLike = { id: string; data?: unknown } | undefined;

/** The site's public address (SITE_URL), from the root loader's data among the route matches. */
export function siteUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root?.siteUrl ?? "";
}

/** Title, description, canonical URL and Open Graph tags for one public page. */
export function pageMeta(page: PageSeo, siteUrl: string) {
  const url = `${siteUrl.replace(/\/+$/, "")}${page.path === "/" ? "/" : page.path}`;
  const title = `${page.title} | ${COMPANY.name}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: COMPANY.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}/og-image.png` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

const DAY_NAMES: Record<string, string[]> = {
  "Mon-Fri": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  Sat: ["Saturday"],
};

/** schema.org description of the company: address, phone, opening hours (home and contact). */
export function organisationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#organisation`,
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    description: COMPANY.tagline,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: COMPANY.email,
    telephone: COMPANY.phoneInternational,
    address: {
      "@type": "PostalAddress",
      streetAddress: COMPANY.address.street,
      addressLocality: COMPANY.address.locality,
      postalCode: COMPANY.address.postcode,
      addressCountry: "GB",
    },
    openingHoursSpecification: COMPANY.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: DAY_NAMES[h.days],
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: Object.values(COMPANY.social),
    areaServed: "England",
    hasMap: `https://www.openstreetmap.org/search?query=${encodeURIComponent(COMPANY_ADDRESS_LINE)}`,
  };
}
