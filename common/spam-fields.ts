/** The enquiry forms' field carrying the spam check's form token (GET /api/form-token). */
export const FORM_TOKEN_FIELD = "formToken";
