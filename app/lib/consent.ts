import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME } from "@common/ui";
import { useSyncExternalStore } from "react";

/** The visitor's answer to the cookie banner; null until they answer. */
export type Consent = "accepted" | "rejected";

/** Reads the consent cookie out of a Cookie header or `document.cookie`. */
export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === COOKIE_CONSENT_NAME && (value === "accepted" || value === "rejected")) return value;
  }
  return null;
}

/** The Set-Cookie string stored for an answer: kept 150 days. */
export function consentCookie(answer: Consent, secure: boolean): string {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
  return `${COOKIE_CONSENT_NAME}=${answer}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const listeners = new Set<() => void>();

export function saveConsent(answer: Consent) {
  // The Cookie Store API is missing from Firefox and older Safari; the string is built above.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = consentCookie(answer, location.protocol === "https:");
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current answer; `serverValue` (from the request's cookie) keeps hydration consistent. */
export function useConsent(serverValue: Consent | null): Consent | null {
  return useSyncExternalStore(
    subscribe,
    () => parseConsent(document.cookie),
    () => serverValue,
  );
}
