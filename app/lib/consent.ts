import { CONSENT_EVENT, type Consent, parseConsent } from "@common/consent";
import { useSyncExternalStore } from "react";

export { type Consent, consentCookie, parseConsent } from "@common/consent";

function subscribe(listener: () => void) {
  window.addEventListener(CONSENT_EVENT, listener);
  return () => window.removeEventListener(CONSENT_EVENT, listener);
}

/** The current answer; `serverValue` (from the request's cookie) keeps hydration consistent. */
export function useConsent(serverValue: Consent | null): Consent | null {
  return useSyncExternalStore(
    subscribe,
    () => parseConsent(document.cookie),
    () => serverValue,
  );
}
