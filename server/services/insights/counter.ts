import { PUBLIC_PAGES, QUOTE_STEP_PAGES } from "../../../common/content/pages";
import {
  FUNNEL_STAGES,
  type InsightsForm,
  OTHER_PATH,
  OTHER_SOURCE,
  ukDay,
} from "../../../common/insights/insights";
import {
  campaignOf,
  countedPath,
  domainOf,
  type Headers,
  mayCount,
  referrerDomain,
  remembered,
} from "./rules";

/**
 * Counts in memory, by key, until the next flush adds them to the database (store.ts). A page
 * view costs a few header reads and map increments; the cached page is served meanwhile.
 */

/** A page request as the pages handler sees it. */
export interface PageRequest {
  /** Path and query, as requested. */
  url: string;
  /** The host name the request was sent to (a referrer from it is this site too). */
  hostname?: string;
  headers: Headers;
}

/** What a flush adds: each map's key is its table's key, tab-separated, in column order. */
export interface Counts {
  pages: Map<string, { views: number; visits: number }>;
  referrers: Map<string, number>;
  campaigns: Map<string, number>;
  funnel: Map<string, number>;
  enquiries: Map<string, number>;
}

export const emptyCounts = (): Counts => ({
  pages: new Map(),
  referrers: new Map(),
  campaigns: new Map(),
  funnel: new Map(),
  enquiries: new Map(),
});

const add = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

/** Adds `from` into `into` (a failed flush's counts go back for the next one). */
export function mergeCounts(into: Counts, from: Counts) {
  for (const [key, value] of from.pages) {
    const row = into.pages.get(key);
    if (row) {
      row.views += value.views;
      row.visits += value.visits;
    } else into.pages.set(key, { ...value });
  }
  for (const name of ["referrers", "campaigns", "funnel", "enquiries"] as const)
    for (const [key, n] of from[name]) add(into[name], key, n);
}

/**
 * Values a visitor can make up (blog paths sent by the beacon, referring domains, campaigns):
 * each instance keeps at most `max` different ones a day, the rest are counted as one "other".
 */
function bounded(max: number, fixed: Iterable<string> = []) {
  const always = new Set(fixed);
  let seen = new Set<string>();
  let day = "";
  return (value: string, today: string, other: string) => {
    if (value === "" || always.has(value)) return value;
    if (day !== today) {
      day = today;
      seen = new Set();
    }
    if (seen.has(value)) return value;
    if (seen.size >= max) return other;
    seen.add(value);
    return value;
  };
}

export interface CounterOptions {
  /** This site's host names (SITE_URL's, and the request's own): referrers from them are visits going on. */
  ownHosts: Iterable<string>;
  /** The current UK day (tests set it). */
  today?: () => string;
}

export function createCounter(options: CounterOptions) {
  const ownHosts = new Set<string>();
  for (const host of options.ownHosts) {
    const domain = domainOf(host);
    if (domain) ownHosts.add(domain);
  }
  // The UK day, worked out again only when a minute has passed (formatting a date costs more than a view).
  let dayValue = "";
  let dayUntil = 0;
  const today =
    options.today ??
    (() => {
      const now = Date.now();
      if (now >= dayUntil) {
        dayValue = ukDay(new Date(now));
        dayUntil = now + 60_000 - (now % 60_000);
      }
      return dayValue;
    });
  const fromDomain = remembered((referer) => referrerDomain(referer, ownHosts));
  let counts = emptyCounts();
  const paths = bounded(2000, [...PUBLIC_PAGES, ...QUOTE_STEP_PAGES, OTHER_PATH]);
  const referrers = bounded(1000);
  const campaigns = bounded(200);

  function view(day: string, path: string, visit: boolean) {
    const key = `${day}\t${path}`;
    const row = counts.pages.get(key);
    if (row) {
      row.views += 1;
      if (visit) row.visits += 1;
    } else counts.pages.set(key, { views: 1, visits: visit ? 1 : 0 });
  }

  return {
    /**
     * A public page sent to a browser (200 or 304): a page view, and a visit when it did not come
     * from this site's own pages (with its referring domain and campaign).
     */
    page(request: PageRequest): void {
      if (!mayCount(request.headers)) return;
      const url = request.url;
      const queryAt = url.indexOf("?");
      const day = today();
      const path = paths(countedPath(queryAt < 0 ? url : url.slice(0, queryAt), OTHER_PATH), day, OTHER_PATH);
      const referer = request.headers.referer;
      const raw = Array.isArray(referer) ? referer[0] : referer;
      let domain = raw ? fromDomain(raw) : "";
      if (domain && request.hostname && domain === domainOf(request.hostname)) domain = undefined;
      // From one of our own pages (a reload, a link opened in a new tab): the visit goes on.
      view(day, path, domain !== undefined);
      if (domain === undefined) return;
      add(counts.referrers, `${day}\t${referrers(domain, day, OTHER_SOURCE)}`);
      const campaign = queryAt < 0 ? undefined : campaignOf(url.slice(queryAt + 1));
      if (campaign && (campaign.source || campaign.campaign))
        add(
          counts.campaigns,
          `${day}\t${campaigns(campaign.source, day, OTHER_SOURCE)}\t${campaigns(campaign.campaign, day, OTHER_SOURCE)}`,
        );
    },

    /** A page shown by the app without a page request (a link followed inside the site). */
    navigation(pathname: string, headers: Headers): void {
      if (!mayCount(headers)) return;
      const day = today();
      view(day, paths(countedPath(pathname, OTHER_PATH), day, OTHER_PATH), false);
    },

    /**
     * A form's stage reached; on "submitted", the page the visit landed on and the domain it came
     * from (both as the tab held them, nothing that names the visitor).
     */
    stage(
      form: InsightsForm,
      stage: string,
      headers: Headers,
      landing?: { path?: string; referrer?: string },
    ): void {
      if (!mayCount(headers) || !FUNNEL_STAGES[form].includes(stage)) return;
      const day = today();
      add(counts.funnel, `${day}\t${form}\t${stage}`);
      if (stage !== "submitted") return;
      const path = landing?.path ? paths(countedPath(landing.path, OTHER_PATH), day, OTHER_PATH) : "";
      const domain = landing?.referrer ? (domainOf(landing.referrer) ?? "") : "";
      const from = ownHosts.has(domain) ? "" : referrers(domain, day, OTHER_SOURCE);
      add(counts.enquiries, `${day}\t${form}\t${path}\t${from}`);
    },

    /** The counts so far, handed over (the counter starts again from nothing). */
    take(): Counts {
      const taken = counts;
      counts = emptyCounts();
      return taken;
    },

    /** Counts a flush could not write, kept for the next one. */
    giveBack(taken: Counts) {
      mergeCounts(counts, taken);
    },

    /** Keys waiting for the next flush (metrics, tests). */
    pending: () =>
      counts.pages.size +
      counts.referrers.size +
      counts.campaigns.size +
      counts.funnel.size +
      counts.enquiries.size,
  };
}

export type Counter = ReturnType<typeof createCounter>;
