/**
 * What the screens share: how long their messages stay (milliseconds) and what the browser keeps
 * (the theme, the cookie choice, a visit's lead source).
 */

export const SEARCH_SNIPPET_LENGTH = 72;
export const THEME_STORAGE_KEY = "dark-theme";
export const LIGHT_THEME_CLASS = "light-theme";
/** Set with JavaScript when the dark theme is chosen; without either class the system's setting rules. */
export const DARK_THEME_CLASS = "dark-theme";
export const COOKIE_CONSENT_NAME = "cookie_consent";
export const COOKIE_CONSENT_DAYS = 150;
export const VALIDATION_MESSAGE_MS = 800;
export const POPUP_EXIT_MS = 1800;
export const QUOTE_RESET_MS = 3000;
export const SUBMIT_DELAY_MS = 1200;
export const REDIRECT_DELAY_MS = 2000;
export const ALERT_MS = 2000;
export const PREVIEW_ALERT_MS = 4000;
export const TOAST_MS = 1200;
/** The visitor's reference after a contact or tankering message: long enough to write down. */
export const REFERENCE_MS = 10_000;
/** The longest landing path, referring domain and utm_ value a lead's source keeps (common/leads/lead-source.ts). */
export const LEAD_SOURCE_LIMITS = { landing: 300, referrer: 253, utm: 100 } as const;
