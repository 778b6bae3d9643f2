import { CONSENT_PATH, type Consent } from "@common/consent";
import { CONSENT_ACCEPT, CONSENT_REJECT } from "@common/messages";
import { Cookie } from "lucide-react";
import { useLocation } from "react-router";

/**
 * The cookie consent banner at the bottom of the site. The answer is kept in a cookie for
 * 150 days; once answered the banner is not shown again. Scrolling is never taken as consent.
 * Its buttons post a form (the server sets the cookie and returns the visitor to the same page);
 * the page script answers in place instead, with a message (app/page-script/consent.ts).
 */
export function CookieBanner({ serverConsent }: { serverConsent: Consent | null }) {
  const { pathname, search } = useLocation();
  if (serverConsent) return null;
  return (
    <section
      aria-label="Cookie consent"
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-surface shadow-[0_-8px_24px_rgb(0_0_0/0.25)]"
    >
      <div className="container-page flex flex-col gap-3 py-3 md:flex-row md:items-center md:justify-between md:py-4">
        <p className="flex items-start gap-3 text-sm leading-snug">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <span>
            We use essential cookies, and with your permission our review and public-register widgets. See our{" "}
            <a href="/legal/privacy-policy" className="link">
              privacy and cookie policy
            </a>
            .
          </span>
        </p>
        <form method="post" action={CONSENT_PATH} className="flex shrink-0 flex-wrap gap-2">
          <input type="hidden" name="back" value={pathname + search} />
          <button
            type="submit"
            name="answer"
            value="rejected"
            className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
          >
            {CONSENT_REJECT}
          </button>
          <button
            type="submit"
            name="answer"
            value="accepted"
            className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          >
            {CONSENT_ACCEPT}
          </button>
        </form>
      </div>
    </section>
  );
}
