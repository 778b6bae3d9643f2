import type { InsightsForm } from "@common/insights";
import { LEAD_SOURCE_LIMITS } from "@common/ui";

/**
 * The public pages' beacon for Insights: tells our own server that a page was shown by a link inside
 * the site, or that a form reached a stage. No cookie, no storage, no identifier: the tab's landing
 * page and the domain it came from live in this module's memory and go with the tab. Browsers that
 * send Global Privacy Control or Do Not Track send nothing (the server would not count it anyway).
 */
let landing: string | undefined;
let from = "";
let campaign: Record<"utmSource" | "utmMedium" | "utmCampaign", string> | undefined;
let last = "";
const reached = new Set<string>();

function untracked() {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

function send(query: Record<string, string>) {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (untracked()) return;
  nav.sendBeacon?.(`/api/insights?${new URLSearchParams(query)}`);
}

/** A public page shown: the first one of the tab was counted by the server with its request. */
export function pageShown(path: string) {
  if (path === last) return;
  last = path;
  if (landing !== undefined) return send({ p: path });
  ({ landing, from, campaign } = tabVisit(path));
}

interface TabVisit {
  landing: string;
  from: string;
  campaign: Record<"utmSource" | "utmMedium" | "utmCampaign", string>;
}
const VISIT_KEY = "tab-visit";

/**
 * The tab's landing page, the domain it came from and its utm_ values. Public pages are documents
 * of their own (docs/decisions/0043-html-first-pages.md), so the first page of the tab keeps them in
 * sessionStorage, which goes with the tab like this module's memory did; nothing is kept when the
 * browser asks not to be tracked, and nothing leaves the tab but with a form.
 */
export function tabVisit(path = location.pathname): TabVisit {
  try {
    const kept = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "null") as TabVisit | null;
    if (kept && typeof kept.landing === "string") return kept;
  } catch {}
  let referrer = "";
  try {
    referrer = new URL(document.referrer).hostname;
  } catch {}
  const query = new URLSearchParams(location.search);
  const visit: TabVisit = {
    landing: path,
    from: referrer,
    campaign: {
      utmSource: query.get("utm_source") ?? "",
      utmMedium: query.get("utm_medium") ?? "",
      utmCampaign: query.get("utm_campaign") ?? "",
    },
  };
  try {
    if (!untracked()) sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {}
  return visit;
}

/** A page the browser prerendered, now shown: the server did not count its request (page-views.ts). */
export function prerenderedPageShown(path: string) {
  send({ p: path });
}

/**
 * The lead's source sent with a form (common/lead-source.ts): the tab's landing page, the domain
 * it came from (not this site) and its landing address's utm_ values; each cut to the server's
 * limits. Nothing when the browser asks not to be tracked, or before any page was shown.
 */
export function visitSource(): Record<string, string> | undefined {
  if (untracked() || landing === undefined) return undefined;
  const parts: Record<string, string> = {
    landing,
    referrer: from === location.hostname ? "" : from,
    ...campaign,
  };
  const kept = Object.entries(parts)
    .filter(([, value]) => value)
    .map(([key, value]) => {
      const max = { landing: LEAD_SOURCE_LIMITS.landing, referrer: LEAD_SOURCE_LIMITS.referrer }[key];
      return [key, value.slice(0, max ?? LEAD_SOURCE_LIMITS.utm)];
    });
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/**
 * A form's stage reached (a wizard step, a form viewed): once per visit (this tab), submissions
 * included: a wizard whose draft resets after a submission does not count its steps again.
 */
export function formStage(form: InsightsForm, stage: string) {
  const key = `${form} ${stage}`;
  if (reached.has(key)) return;
  reached.add(key);
  send({ f: form, s: stage });
}

/** A form sent: counted with the page the tab landed on and where its visit came from. */
export function formSubmitted(form: InsightsForm) {
  send({ f: form, s: "submitted", l: landing ?? location.pathname, r: from });
}
