import { prerenderedPageShown, tabVisit } from "~/lib/insights";
import { keepsScroll } from "~/lib/scroll-rules";

const KEPT_SCROLL = "kept-scroll";

/**
 * Insights: the tab's landing page is kept for its forms (app/lib/insights.ts `tabVisit`), and a
 * page the browser fetched ahead (prerendered, or prefetched when it could not prerender) is
 * counted when it is shown, not when it was fetched.
 */
export function rememberVisit() {
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
 * Quote pages keep the scroll position they are reached with (SPEC): a link to one remembers it
 * for the next page of this tab, which scrolls there.
 */
export function keepQuoteScroll() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a[href]");
    if (!link) return;
    const url = new URL((link as HTMLAnchorElement).href);
    if (url.origin === location.origin && keepsScroll(url.pathname))
      try {
        sessionStorage.setItem(KEPT_SCROLL, String(Math.round(scrollY)));
      } catch {}
  });
  try {
    const kept = sessionStorage.getItem(KEPT_SCROLL);
    sessionStorage.removeItem(KEPT_SCROLL);
    if (kept && keepsScroll(location.pathname) && scrollY === 0) scrollTo(0, Number(kept));
  } catch {}
}
