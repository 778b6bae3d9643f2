/** The enquiry forms' field carrying the spam check's form token (GET /api/form-token). */
export const FORM_TOKEN_FIELD = "formToken";

/**
 * Rendered in the form's token field where the page is made (the page cache keeps it); replaced
 * with a fresh token in every response as the page is served (server/pages/form-token.ts).
 */
export const FORM_TOKEN_PLACEHOLDER = "fo-form-token-0d9e4c7a";
