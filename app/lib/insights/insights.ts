import { parseConsent } from "@common/consent";
import type { InsightsForm } from "@common/insights/insights";
import { LEAD_SOURCE_LIMITS } from "@common/ui";

/**
 * The public pages' beacon for Insights: tells our own server that a page was shown by a link inside
 * the site, or that a form reached a stage. No cookie, no identifier. The visit this page knows of
 * (its own landing, when it is one) lives in this module's memory and goes with the page; only once
 * the visitor has accepted cookies is the tab's visit kept in sessionStorage for its later pages
 * (UK PECR: keeping it is not needed for anything the visitor asked for). Browsers that send
 * Global Privacy Control or Do Not Track send nothing (the server would not count it anyway).
 */
let started = false;
let visit: TabVisit | undefined;
let last = "";
const reached = new Set<string>();

function untracked() {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

/** The visitor accepted cookies (the banner's answer): only then may the tab keep its visit. */
const consented = () => parseConsent(document.cookie) === "accepted";

function send(query: Record<string, string>) {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (untracked()) return;
  nav.sendBeacon?.(`/api/insights?${new URLSearchParams(query)}`);
}

/** A public page shown: the first one of the tab was counted by the server with its request. */
export function pageShown(path: string) {
  if (path === last) return;
  last = path;
  if (started) return send({ p: path });
  started = true;
  visit = tabVisit(path);
}

interface TabVisit {
  landing: string;
  from: string;
  campaign: Record<"utmSource" | "utmMedium" | "utmCampaign", string>;
}
const VISIT_KEY = "tab-visit";

function keptVisit(): TabVisit | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "null") as TabVisit | null;
    if (kept && typeof kept.landing === "string") return kept;
  } catch {}
  return undefined;
}

/**
 * This document's visit: where it landed (this page), the domain it came from and its utm_ values,
 * when this page is where the visit landed (reached from another site, or from none); undefined when
 * it was reached from one of the site's own pages (where the visit started is not known here).
 */
function documentVisit(path: string): TabVisit | undefined {
  let referrer = "";
  try {
    referrer = new URL(document.referrer).hostname;
  } catch {}
  if (referrer && referrer === location.hostname) return undefined;
  const query = new URLSearchParams(location.search);
  return {
    landing: path,
    from: referrer,
    campaign: {
      utmSource: query.get("utm_source") ?? "",
      utmMedium: query.get("utm_medium") ?? "",
      utmCampaign: query.get("utm_campaign") ?? "",
    },
  };
}

/**
 * The tab's visit: the landing page, the domain it came from and its utm_ values. Public pages
 * are documents of their own (docs/decisions/0043-html-first-pages.md): once the visitor has
 * accepted cookies, the first page of the tab that knows the visit keeps it in sessionStorage for
 * the tab's later pages; before that (and after 'Reject Cookies') nothing is written, and a page
 * knows only its own visit (when it is the landing: documentVisit). Nothing is kept when the
 * browser asks not to be tracked, and nothing leaves the tab but with a form.
 */
export function tabVisit(path = location.pathname): TabVisit | undefined {
  const mayKeep = consented() && !untracked();
  const kept = mayKeep ? keptVisit() : undefined;
  if (kept) return kept;
  const here = documentVisit(path);
  if (here && mayKeep)
    try {
      sessionStorage.setItem(VISIT_KEY, JSON.stringify(here));
    } catch {}
  return here;
}

/** The tab's kept visit removed (the visitor rejected cookies, or has not accepted them). */
export function forgetVisit() {
  try {
    sessionStorage.removeItem(VISIT_KEY);
  } catch {}
}

/** A page the browser prerendered, now shown: the server did not count its request (page-views.ts). */
export function prerenderedPageShown(path: string) {
  send({ p: path });
}

/**
 * The lead's source sent with a form (common/leads/lead-source.ts), from the visit this tab kept with
 * the visitor's consent: its landing page, the domain it came from (not this site) and its landing
 * address's utm_ values; each cut to the server's limits. Without consent (or when the browser
 * asks not to be tracked, or the tab does not know where its visit started) undefined: the form
 * sends what the server put into its page (`servedSource`).
 */
export function visitSource(): Record<string, string> | undefined {
  if (untracked() || !consented() || !visit) return undefined;
  const parts: Record<string, string> = {
    landing: visit.landing,
    referrer: visit.from === location.hostname ? "" : visit.from,
    ...visit.campaign,
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

/**
 * A form sent: counted with the page the tab landed on and where its visit came from, when the
 * tab knows them (kept with consent, or this page is the landing); otherwise as not known.
 */
export function formSubmitted(form: InsightsForm) {
  send({ f: form, s: "submitted", ...(visit ? { l: visit.landing, r: visit.from } : {}) });
}
