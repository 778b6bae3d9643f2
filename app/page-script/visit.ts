import { parseConsent } from "@common/consent";
import { forgetVisit, prerenderedPageShown, tabVisit } from "~/lib/insights/insights";
import { keepsScroll } from "~/lib/scroll-rules";

const KEPT_SCROLL = "kept-scroll";

/**
 * What this page script keeps in the tab only with the visitor's consent (UK PECR: neither is
 * needed for anything the visitor asked for; docs/features.md "Storage on the device"): the
 * visit, and the scroll position a quote page is reached with. Removed when the visitor rejects
 * cookies, or has not accepted them (left by an earlier answer or an older version of the site).
 */
export function forgetUnconsented() {
  forgetVisit();
  try {
    sessionStorage.removeItem(KEPT_SCROLL);
  } catch {}
}

const consented = () => parseConsent(document.cookie) === "accepted";

/**
 * Insights: with the visitor's consent, the tab's landing page is kept for its forms
 * (app/lib/insights/insights.ts `tabVisit`); without it nothing is kept, and what was is removed. A page
 * the browser fetched ahead (prerendered, or prefetched when it could not prerender) is counted
 * when it is shown, not when it was fetched.
 */
export function rememberVisit() {
  if (!consented()) forgetUnconsented();
  tabVisit();
  const shown = () => prerenderedPageShown(location.pathname);
  const doc = document as Document & { prerendering?: boolean };
  const entry = performance.getEntriesByType("navigation")[0] as
    | (PerformanceNavigationTiming & { activationStart?: number; deliveryType?: string })
    | undefined;
  if (doc.prerendering) document.addEventListener("prerenderingchange", shown, { once: true });
  // Prerendered and shown already, or shown from a prefetched answer (the browser's fallback).
  else if ((entry?.activationStart ?? 0) > 0 || entry?.deliveryType === "navigational-prefetch") shown();
}

/**
 * Quote pages keep the scroll position they are reached with (SPEC): with the visitor's consent, a
 * link to one remembers it for the next page of this tab, which scrolls there (read and removed at
 * once). Without consent nothing is written and the quote page starts at its top, as a new page does.
 */
export function keepQuoteScroll() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a[href]");
    if (!link || !consented()) return;
    const url = new URL((link as HTMLAnchorElement).href);
    if (url.origin === location.origin && keepsScroll(url.pathname))
      try {
        sessionStorage.setItem(KEPT_SCROLL, String(Math.round(scrollY)));
      } catch {}
  });
  const scrollToKept = () => {
    try {
      const kept = sessionStorage.getItem(KEPT_SCROLL);
      sessionStorage.removeItem(KEPT_SCROLL);
      if (kept && keepsScroll(location.pathname) && scrollY === 0) scrollTo(0, Number(kept));
    } catch {}
  };
  // A page the browser prerendered (Speculation Rules) may run before the click that kept the
  // position: it reads it once shown, from the tab's storage of that moment.
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", scrollToKept, { once: true });
  else scrollToKept();
}
