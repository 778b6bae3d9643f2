import { ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "./enquiries";
import type { EnquiryKind, FormKind } from "./enquiry-terms";
import { decodeLeadSource, LEAD_SOURCE_FIELD } from "./lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "./spam-fields";

/**
 * A submission: one enquiry as a door received it, before anything is checked. Every door (the
 * REST API's POST /api/contact, /api/quote and /api/tankering, the contact and tankering forms
 * posted without JavaScript, the quote wizard's last step) builds one and hands it to the one
 * intake (server/services/leads/enquiry-intake.ts), which checks the fields, scores the spam,
 * stores the enquiry and queues its mail. So the same submission gives the same enquiry, score
 * and mail whichever way it came (app/lib/leads/enquiry-doors.test.ts).
 */
export interface EnquirySubmission extends EnquirySender {
  kind: EnquiryKind;
  /** The form's fields as sent (the intake parses them with ENQUIRY_SCHEMAS[kind]). */
  fields: Record<string, unknown>;
  /** The spam check's form token as sent (FORM_TOKEN_FIELD); undefined when none came. */
  token: unknown;
  /** The honeypot as sent (HONEYPOT_FIELD): people leave it empty, bots fill it. */
  trap: unknown;
  /** Where the visit started and came from, as sent (checked with leadSourceInputSchema); undefined: none. */
  source: unknown;
}

/** Who sent a submission, as its request shows: the spam check's signals. */
export interface EnquirySender {
  /** The client as the per-client limits know it (server/client-address.ts: an IPv6 client's /64). */
  client: string;
  /** The request carried a browser's Origin or Sec-Fetch headers; undefined: not known (counted as a browser). */
  browser?: boolean;
}

/**
 * The REST API's door: a JSON body carries the form's fields beside the honeypot, the form token
 * and `source` (the visit's source as the browser kept it), by the same names the forms post.
 */
export function submissionFromBody(
  kind: EnquiryKind,
  body: Record<string, unknown>,
  sender: EnquirySender,
): EnquirySubmission {
  const { [HONEYPOT_FIELD]: trap, [FORM_TOKEN_FIELD]: token, [LEAD_SOURCE_FIELD]: source, ...fields } = body;
  return { kind, fields, token, trap, source: source ?? undefined, ...sender };
}

/** What a posted form is read through (FormData). */
export interface PostedForm {
  get(name: string): unknown;
}

/** A posted field's text: "" when the form did not send it (or sent a file). */
export const postedText = (form: PostedForm, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A page's form token as posted: undefined when none came, or the server did not fill the placeholder in. */
export function postedToken(form: PostedForm): string | undefined {
  const token = postedText(form, FORM_TOKEN_FIELD);
  return token && token !== FORM_TOKEN_PLACEHOLDER ? token : undefined;
}

/**
 * A form's door (a page's form posted without JavaScript): its fields by the schema's names, each
 * as the text posted ("" when absent), unless the door keeps them itself (the quote wizard's
 * answers, kept between its steps); the honeypot; the page's form token (none when the server did
 * not fill the placeholder in); the page's lead source field (common/leads/lead-source-field.ts).
 */
export function submissionFromForm(
  kind: FormKind,
  form: PostedForm,
  sender: EnquirySender,
  fields: Record<string, unknown> = Object.fromEntries(
    Object.keys(ENQUIRY_SCHEMAS[kind].shape).map((name) => [name, postedText(form, name)]),
  ),
): EnquirySubmission {
  return {
    kind,
    fields,
    token: postedToken(form),
    trap: postedText(form, HONEYPOT_FIELD),
    source: decodeLeadSource(postedText(form, LEAD_SOURCE_FIELD)),
    ...sender,
  };
}
