/**
 * "Areas we serve" (issue 47): the pages from blocks that name a service area (a place name and
 * postcode districts, common/content/block-pages.ts) listed at /areas-we-serve, and the rule that
 * finds a postcode's area. Plain functions and words: the public pages may import this module.
 */

/** The index page's address (common/content/pages.ts lists it). */
export const AREAS_PATH = "/areas-we-serve";

/** A published page's service area as the site lists it. */
export interface AreaServed {
  /** The page's address: its link. */
  address: string;
  /** The place name: "Cambridge". */
  name: string;
  /** Its postcode districts, upper case: ["CB1", "CB2"]. */
  districts: string[];
}

const FULL_POSTCODE = /^([A-Z]{1,2}[0-9][0-9A-Z]?)[0-9][A-Z]{2}$/;
const DISTRICT_ONLY = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;

/**
 * A postcode's district (its outward code): "PE1 1AB" → "PE1", "cb23 6ea" → "CB23", "PE1" → "PE1";
 * undefined for anything that is neither a full postcode nor a district.
 */
export function postcodeDistrict(postcode: string): string | undefined {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  const full = FULL_POSTCODE.exec(compact);
  if (full) return full[1];
  return DISTRICT_ONLY.test(compact) ? compact : undefined;
}

/** The first area (in the order given) whose districts include the postcode's district, if any. */
export function areaOfPostcode<A extends Pick<AreaServed, "districts">>(
  areas: readonly A[],
  postcode: string,
): A | undefined {
  const district = postcodeDistrict(postcode);
  return district === undefined ? undefined : areas.find((area) => area.districts.includes(district));
}

export const AREAS_TEXTS = {
  title: "Areas we serve",
  description: "The places where we collect food waste, each with its postcode districts.",
  intro: "We collect food waste across these areas. Find yours by its postcode district.",
  empty: "Our area pages are on their way: ask us about your postcode.",
  districts: "Postcode districts:",
  quoteCta: "Get a Quote",
  weCollect: (area: string) => `We collect in ${area}`,
} as const;
