/**
 * The quote wizard's answers between its steps when they are sent without JavaScript: one
 * encrypted, HttpOnly cookie (app/lib/leads/quote-wizard.server.ts: AES-256-GCM under a key derived
 * from the secrets key, so nothing in it is readable), never a URL. A page for a visitor who holds
 * it carries their answers, so it is rendered for them alone (the page cache passes it by).
 */
export const QUOTE_STATE_COOKIE = "quote_answers";

/** The cookie's life after the last step sent (renewed by each): long enough for a coffee break. */
export const QUOTE_STATE_MAX_AGE_S = 2 * 60 * 60;
