import { LEAD_SOURCE_LIMITS } from "../ui";

/**
 * The enquiry forms' hidden field carrying what the server knew of the visit when it served the
 * form's page (server/pages/form-token.ts fills it per response, cached pages too): the page's own
 * path, the referring site's domain and its address's utm_ values, when that page was where the
 * visit landed (its request came from another site, or from none); empty otherwise. Nothing of it
 * is stored on the device. No zod here: the forms' scripts read it (common/leads/lead-source.ts checks it).
 */
export const LEAD_SOURCE_FIELD = "source";

/** Rendered as the field's value where the page is made; replaced in every response. */
export const LEAD_SOURCE_PLACEHOLDER = "fo-lead-source-3c9a71e4";

/** The parts a source may have, in the order they are written. */
export const LEAD_SOURCE_KEYS = ["landing", "referrer", "utmSource", "utmMedium", "utmCampaign"] as const;
export type LeadSourceKey = (typeof LEAD_SOURCE_KEYS)[number];
export type LeadSourceParts = Partial<Record<LeadSourceKey, string>>;

const limitOf = (key: LeadSourceKey) =>
  key === "landing"
    ? LEAD_SOURCE_LIMITS.landing
    : key === "referrer"
      ? LEAD_SOURCE_LIMITS.referrer
      : LEAD_SOURCE_LIMITS.utm;

/** The field's value for a source: its parts as a query string (`landing=%2Fcontact&referrer=…`). */
export function encodeLeadSource(parts: LeadSourceParts): string {
  const query = new URLSearchParams();
  for (const key of LEAD_SOURCE_KEYS) {
    const value = parts[key];
    if (value) query.set(key, value.slice(0, limitOf(key)));
  }
  return query.toString();
}

/**
 * The source a field's value holds: its known parts, each within its limit; undefined when it
 * holds none (empty, the unfilled placeholder, or anything that is not one).
 */
export function decodeLeadSource(value: unknown): LeadSourceParts | undefined {
  if (typeof value !== "string" || value === "" || value === LEAD_SOURCE_PLACEHOLDER || value.length > 2000)
    return undefined;
  const query = new URLSearchParams(value);
  const parts: LeadSourceParts = {};
  for (const key of LEAD_SOURCE_KEYS) {
    const part = query.get(key)?.trim();
    if (part) parts[key] = part.slice(0, limitOf(key));
  }
  return Object.keys(parts).length ? parts : undefined;
}
