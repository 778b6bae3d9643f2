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
  landing = path;
  try {
    from = new URL(document.referrer).hostname;
  } catch {}
  const query = new URLSearchParams(location.search);
  campaign = {
    utmSource: query.get("utm_source") ?? "",
    utmMedium: query.get("utm_medium") ?? "",
    utmCampaign: query.get("utm_campaign") ?? "",
  };
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
