import type { LeadSource, LeadSourceInput } from "../../../common/leads/lead-source";
import { campaignValue, domainOf, referrerDomain } from "../insights/rules";

/** A landing path as kept: a path on this site (starting with one slash), without query or fragment. */
function landingPath(value: string | undefined): string | null {
  const path = value?.trim().split(/[?#]/, 1)[0] ?? "";
  return path.startsWith("/") && !path.startsWith("//") && !/[\s\p{Cc}]/u.test(path) ? path : null;
}

/**
 * The source as stored: the landing path, the referring domain (lower case, without `www.`) and the
 * utm_ values as Insights counts them; a part that is not one of these is dropped, and a source
 * with nothing left is null.
 */
export function normaliseLeadSource(input: LeadSourceInput | undefined): LeadSource | null {
  if (!input) return null;
  const utm = (value: string | undefined) => campaignValue(value ?? null) || null;
  const source: LeadSource = {
    landing: landingPath(input.landing),
    referrer: input.referrer ? (domainOf(input.referrer.trim()) ?? null) : null,
    utmSource: utm(input.utmSource),
    utmMedium: utm(input.utmMedium),
    utmCampaign: utm(input.utmCampaign),
  };
  return Object.values(source).some((v) => v !== null) ? source : null;
}

/** The request for a form's page, as the page handler read it (no HTTP object: plain values). */
export interface ServedPage {
  /** The page's path, without its query. */
  path: string;
  /** Its query string, without `?` ("" when none). */
  query: string;
  /** The Referer header the browser sent for it. */
  referer: string | undefined;
  /** The site's own host names (SITE_URL's and the request's Host): a referrer among them is this site. */
  ownHosts: readonly string[];
  /** The browser sent Global Privacy Control or Do Not Track. */
  untracked: boolean;
}

/**
 * What the server knows of the visit from the form page's own request, put into the page as it is
 * served (common/leads/lead-source-field.ts): when that page is where the visit landed (its request came
 * from another site, or from none), the page's path, the referring site's domain and the
 * address's utm_ values; undefined when the page was reached from one of the site's own pages
 * (where that visit started is known only to a tab allowed to keep it: the visitor's consent) or
 * when the browser asks not to be tracked. Nothing here is stored: it goes into the page, and back
 * with the form.
 */
export function servedLeadSource(page: ServedPage): LeadSourceInput | undefined {
  if (page.untracked) return undefined;
  const own = new Set(page.ownHosts.map((host) => domainOf(host)).filter((host) => host !== undefined));
  const referrer = referrerDomain(page.referer, own);
  if (referrer === undefined) return undefined;
  const query = page.query.includes("utm_") ? new URLSearchParams(page.query) : undefined;
  const utm = (name: string) => campaignValue(query?.get(name) ?? null) || undefined;
  const source: LeadSourceInput = {
    landing: landingPath(page.path) ?? undefined,
    referrer: referrer || undefined,
    utmSource: utm("utm_source"),
    utmMedium: utm("utm_medium"),
    utmCampaign: utm("utm_campaign"),
  };
  return normaliseLeadSource(source) ? source : undefined;
}
