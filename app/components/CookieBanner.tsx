import { CONSENT_ACCEPT, CONSENT_REJECT } from "@common/messages";
import { Cookie } from "lucide-react";
import { Link } from "react-router";
import { type Consent, saveConsent, useConsent } from "~/lib/consent";
import { useMessages } from "~/lib/messages";

export const CONSENT_SAVED_MESSAGE = "Cookie preferences saved";
export const CONSENT_REJECTED_MESSAGE = "Only essential cookies will be used";

/**
 * The cookie consent banner at the bottom of the site. The answer is kept in a cookie for
 * 150 days; once answered the banner is not shown again. Scrolling is never taken as consent.
 */
export function CookieBanner({ serverConsent }: { serverConsent: Consent | null }) {
  const consent = useConsent(serverConsent);
  const { add } = useMessages();
  if (consent) return null;

  function answer(value: Consent) {
    saveConsent(value);
    // Accepting confirms with a toast; rejecting explains what still runs, as an alert.
    if (value === "accepted") add(CONSENT_SAVED_MESSAGE, "success");
    else add(CONSENT_REJECTED_MESSAGE, "alert");
  }

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-surface shadow-[0_-8px_24px_rgb(0_0_0/0.25)]"
    >
      <div className="container-page flex flex-col gap-3 py-3 md:flex-row md:items-center md:justify-between md:py-4">
        <p className="flex items-start gap-3 text-sm leading-snug">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <span>
            We use essential cookies, and with your permission our review and public-register widgets. See our{" "}
            <Link to="/legal/privacy-policy" className="link">
              privacy and cookie policy
            </Link>
            .
          </span>
        </p>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
            onClick={() => answer("rejected")}
          >
            {CONSENT_REJECT}
          </button>
          <button
            type="button"
            className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
            onClick={() => answer("accepted")}
          >
            {CONSENT_ACCEPT}
          </button>
        </div>
      </div>
    </section>
  );
}
