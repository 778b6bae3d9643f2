import type { InsightsForm } from "@common/insights";

/**
 * The public pages' beacon for Insights: tells our own server that a page was shown by a link inside
 * the site, or that a form reached a stage. No cookie, no storage, no identifier: the tab's landing
 * page and the domain it came from live in this module's memory and go with the tab. Browsers that
 * send Global Privacy Control or Do Not Track send nothing (the server would not count it anyway).
 */
let landing: string | undefined;
let from = "";
let last = "";
const reached = new Set<string>();

function send(query: Record<string, string>) {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === "1") return;
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
}

/** A form's stage reached (a wizard step, a form viewed): once per tab until it is submitted. */
export function formStage(form: InsightsForm, stage: string) {
  const key = `${form} ${stage}`;
  if (reached.has(key)) return;
  reached.add(key);
  send({ f: form, s: stage });
}

/** A form sent: counted with the page the tab landed on and where its visit came from. */
export function formSubmitted(form: InsightsForm) {
  for (const key of reached) if (key.startsWith(`${form} `)) reached.delete(key);
  send({ f: form, s: "submitted", l: landing ?? location.pathname, r: from });
}
