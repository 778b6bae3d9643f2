import { isbot } from "isbot";
import { mayBeBlockPage } from "../../../common/content/block-pages";
import { isKnownPagePath } from "../../../common/content/pages";

/**
 * What is counted, decided from a request's headers and address alone. Nothing here
 * keeps anything: the answers become counts, never rows about a visitor.
 */

type HeaderValue = string | string[] | undefined;
export type Headers = Record<string, HeaderValue>;

const one = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);

/**
 * A function's answers for the last few thousand inputs: visitors send few distinct user agents and
 * referrers, and the isbot list is a long regular expression (about 2 µs a test, a few % of a
 * cached page's time). Emptied when full, so made-up values cannot grow it.
 */
export function remembered<T>(compute: (input: string) => T, max = 5000): (input: string) => T {
  const answers = new Map<string, T>();
  return (input) => {
    let answer = answers.get(input);
    if (answer === undefined && !answers.has(input)) {
      if (answers.size >= max) answers.clear();
      answer = compute(input);
      answers.set(input, answer);
    }
    return answer as T;
  };
}

const isBrowser = remembered((agent) => agent !== "" && !isbot(agent));

/**
 * Whether a request may be counted: not a bot (the `isbot` list the pages use, and no user agent
 * at all), not a prefetch, and not from a browser that asks not to be tracked (`Sec-GPC: 1`, `DNT: 1`).
 */
export function mayCount(headers: Headers): boolean {
  if (one(headers["sec-gpc"]) === "1" || one(headers.dnt) === "1") return false;
  const purpose = one(headers["sec-purpose"]) ?? one(headers.purpose);
  if (purpose?.includes("prefetch")) return false;
  const agent = one(headers["user-agent"]);
  return agent !== undefined && isBrowser(agent);
}

/** A domain name as counted: lower case, without `www.`; undefined when it is not one. */
const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
export function domainOf(host: string): string | undefined {
  const lower = host.toLowerCase().replace(/\.$/, "");
  const bare = lower.startsWith("www.") ? lower.slice(4) : lower;
  return DOMAIN.test(bare) ? bare : undefined;
}

/**
 * The referring site's domain; "" when there is none or it cannot be read; undefined when it is
 * this site (the visit goes on). The rest of the address (path, query) is never kept.
 */
export function referrerDomain(
  referer: string | undefined,
  ownHosts: ReadonlySet<string>,
): string | undefined {
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" && url.protocol !== "android-app:") return "";
  const domain = domainOf(url.hostname);
  if (!domain) return "";
  return ownHosts.has(domain) ? undefined : domain;
}

/** A utm_ value as counted: trimmed, lower case, letters, digits and `._ -+` only, at most 60. */
const CAMPAIGN_TEXT = /^[\p{L}\p{N}._ +-]{1,60}$/u;
export function campaignValue(value: string | null): string {
  const text = value?.trim().toLowerCase() ?? "";
  return CAMPAIGN_TEXT.test(text) ? text : "";
}

/** utm_source and utm_campaign of a landing address's query ("" each when absent or unusable). */
export function campaignOf(query: string): { source: string; campaign: string } {
  if (!query.includes("utm_")) return { source: "", campaign: "" };
  const params = new URLSearchParams(query);
  return {
    source: campaignValue(params.get("utm_source")),
    campaign: campaignValue(params.get("utm_campaign")),
  };
}

/**
 * The path a page view is counted under: a page that can exist (a path shaped like a page from
 * blocks too: folded into OTHER at the flush unless one is published there), or OTHER for the
 * catch-all's.
 */
export function countedPath(pathname: string, other: string): string {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.replace(/\/+$/, "") : pathname;
  return isKnownPagePath(path) || mayBeBlockPage(path) ? path : other;
}
