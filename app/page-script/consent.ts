import { WIDGET_SCRIPTS } from "@common/company";
import {
  CONSENT_EVENT,
  CONSENT_PATH,
  CONSENT_REJECTED_MESSAGE,
  CONSENT_SAVED_MESSAGE,
  consentCookie,
  isConsent,
  parseConsent,
} from "@common/consent";
import { tabVisit } from "~/lib/insights/insights";
import { addThirdPartyScript } from "~/lib/third-party-script";
import { showMessage } from "./messages";
import { reactRuns } from "./react";
import { forgetUnconsented } from "./visit";

/** The consent-gated widgets on this page get their scripts (the plain links stay until they load). */
function loadWidgets() {
  if (document.querySelector('[data-widget="review"]')) addThirdPartyScript(WIDGET_SCRIPTS.review);
  if (document.querySelector('[data-widget="public-register"]'))
    addThirdPartyScript(WIDGET_SCRIPTS.publicRegister);
}

/**
 * The cookie banner answered in place: the same cookie the server's form answer sets (150 days),
 * the banner gone, a toast for accepting or an alert for rejecting, and the widgets after consent.
 * Accepting lets the tab keep its visit from here on (this page's, when it is the landing);
 * rejecting removes what the tab kept with an earlier consent (visit.ts `forgetUnconsented`).
 */
export function enhanceConsent() {
  if (parseConsent(document.cookie) === "accepted") loadWidgets();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== CONSENT_PATH) return;
    const answer = (event.submitter as HTMLButtonElement | null)?.value;
    if (!isConsent(answer)) return;
    event.preventDefault();
    // The Cookie Store API is missing from Firefox and older Safari.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = consentCookie(answer, location.protocol === "https:");
    window.dispatchEvent(new Event(CONSENT_EVENT));
    const banner = form.closest<HTMLElement>("[data-consent-banner]");
    // React keeps the nodes it drew: on its pages the banner is hidden rather than removed.
    if (reactRuns()) banner?.setAttribute("hidden", "");
    else banner?.remove();
    if (answer === "accepted") {
      showMessage(CONSENT_SAVED_MESSAGE, "success");
      loadWidgets();
      tabVisit(); // kept from now on: this page's visit, when it is where the visit landed
    } else {
      forgetUnconsented();
      showMessage(CONSENT_REJECTED_MESSAGE, "alert");
    }
  });
}
