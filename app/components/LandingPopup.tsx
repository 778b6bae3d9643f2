import type { ActivePopup } from "@common/content/popup";
import { ArrowRight, X } from "lucide-react";

/**
 * The landing page's active popup, as a non-modal card in a fixed layer under the header (on a
 * phone, a bottom sheet, so the page's heading stays in view at first paint; and it waits while the
 * cookie banner is up, so the two are never over the content at once: app.css). It is in the
 * server-rendered HTML, so it is part of the first paint and shifts nothing, and it never blocks the
 * page, the header, the menu or the cookie banner (Lighthouse, and search engines' rule against
 * intrusive interstitials). An open `<dialog>` whose 'Close' is a `method="dialog"` form:
 * it closes without JavaScript. The page script (app/page-script/popup.ts) moves focus into it;
 * 'Close' (or Escape inside it) plays the 1.8 s exit animation, gives focus back, then closes it.
 * With reduced motion the animation is skipped but the card still goes after the same delay.
 */
export function LandingPopup({ popup }: { popup: ActivePopup }) {
  return (
    <dialog
      open
      aria-labelledby="landing-popup-title"
      aria-describedby="landing-popup-content"
      tabIndex={-1}
      data-landing-popup=""
      data-phase="open"
      suppressHydrationWarning
      className="landing-popup card overlay-fade fixed inset-x-0 top-auto bottom-0 z-30 m-0 max-h-[60svh] w-auto max-w-none overflow-y-auto rounded-b-none p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-text outline-none sm:top-[calc(var(--header-h)+0.75rem)] sm:right-3 sm:bottom-auto sm:left-auto sm:max-h-none sm:w-[24rem] sm:rounded-b-[var(--radius)] sm:p-6 lg:right-8"
    >
      <form method="dialog">
        <button type="submit" className="icon-btn absolute top-2 right-2" aria-label="Close">
          <X aria-hidden="true" className="size-5" />
        </button>
      </form>
      <p className="eyebrow pr-10">Fenland Organics</p>
      <h2 id="landing-popup-title" className="h-card mt-1 pr-8">
        {popup.title}
      </h2>
      <p id="landing-popup-content" className="mt-2 whitespace-pre-line text-muted">
        {popup.content}
      </p>
      <a href={popup.navigation} className="btn btn-primary mt-5 w-full">
        Book Your Free Review Now
        <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    </dialog>
  );
}
