import type { LeadSource, LeadSourceInput } from "../../../common/lead-source";
import { campaignValue, domainOf } from "../insights/rules";

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
