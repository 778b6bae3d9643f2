import { COMPANY } from "@common/company";
import {
  addressLine,
  openingHoursRows,
  phoneLinks,
  upcomingSpecialDays,
  WEEKDAY_NAMES,
} from "@common/content/site-content/opening-hours";
import { SITE_DETAILS_DEFAULTS, type SiteDetails } from "@common/content/site-content/site-details-defaults";

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

/**
 * schema.org description of the company (home and contact): address, phone, the week's opening
 * hours and the special days still to come (a closed day opens and closes at 00:00, as schema.org
 * says), from the published site details.
 */
export function organisationJsonLd(
  siteUrl: string,
  site: SiteDetails = SITE_DETAILS_DEFAULTS,
  now = new Date(),
) {
  const line = addressLine(site);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#organisation`,
    name: site.name,
    legalName: site.legalName,
    description: COMPANY.tagline,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: site.email,
    telephone: phoneLinks(site.phone).international,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      postalCode: site.address.postcode,
      addressCountry: "GB",
    },
    openingHoursSpecification: openingHoursRows(site.hours).map((row) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: row.days.map((day) => WEEKDAY_NAMES[day]),
      opens: row.opens,
      closes: row.closes,
    })),
    specialOpeningHoursSpecification: upcomingSpecialDays(site, now).map((day) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: day.from,
      validThrough: day.to || day.from,
      opens: day.hours.closed ? "00:00" : day.hours.opens,
      closes: day.hours.closed ? "00:00" : day.hours.closes,
      ...(day.note ? { description: day.note } : {}),
    })),
    sameAs: Object.values(site.social).filter(Boolean),
    areaServed: "England",
    hasMap: `https://www.openstreetmap.org/search?query=${encodeURIComponent(line)}`,
  };
}
