import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME } from "./ui";

/** The visitor's answer to the cookie banner; null until they answer. */
export type Consent = "accepted" | "rejected";

/** What the page says when the visitor answers (a toast for accepting, an alert for rejecting). */
export const CONSENT_SAVED_MESSAGE = "Cookie preferences saved";
export const CONSENT_REJECTED_MESSAGE = "Only essential cookies will be used";

/** Fired on `window` when the page script stores an answer, so React's readers (the widgets) follow. */
export const CONSENT_EVENT = "consent-change";

/** Where the banner's buttons post without JavaScript (server/pages/consent.ts). */
export const CONSENT_PATH = "/consent";

export const isConsent = (value: unknown): value is Consent => value === "accepted" || value === "rejected";

/** Reads the consent cookie out of a Cookie header or `document.cookie`. */
export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === COOKIE_CONSENT_NAME && isConsent(value)) return value;
  }
  return null;
}

/** The Set-Cookie string stored for an answer: kept 150 days. */
export function consentCookie(answer: Consent, secure: boolean): string {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
  return `${COOKIE_CONSENT_NAME}=${answer}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
