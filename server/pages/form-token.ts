import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { OPEN_NOW_ATTRIBUTE, OPEN_NOW_PLACEHOLDER } from "../../common/content/site-content/opening-hours";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "../../common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "../../common/leads/spam-fields";

/**
 * What a page says that is different in every response goes into the HTML as the page is served,
 * not when it is made: the page renders a placeholder, the page cache keeps that, and each
 * response gets its own value.
 * - the enquiry forms' spam token (FORM_TOKEN_PLACEHOLDER, in the token field's value): signed now,
 *   so "too fast" counts from when the visitor got the page;
 * - the enquiry forms' lead source (LEAD_SOURCE_PLACEHOLDER, in the source field's value): what this
 *   request says of the visit when the page is where it landed (common/leads/lead-source-field.ts);
 * - "open now" (OPEN_NOW_PLACEHOLDER, common/content/site-content/opening-hours.ts): the office's state at
 *   the minute the page is served, in the footer and on the contact page.
 * Only inside their own elements: the token and source fields' `value` (an `<input>` named
 * FORM_TOKEN_FIELD or LEAD_SOURCE_FIELD) and the text of the "open now" element (a `<span>` with OPEN_NOW_ATTRIBUTE), never the same text
 * elsewhere: a visitor's words echoed in the page (a search term in the search box or in "No matches
 * for …", a refused form's fields) are left as they were typed, and no inline script, whose hash the
 * page's CSP names, is touched. Those elements are found by markup a visitor's words cannot make:
 * React escapes `<`, `>` and `"` in text and attribute values, and JSON in a script escapes `"` and
 * `<` (so `name="formToken"` or `<span` never comes from what was typed).
 */

/**
 * The value for one placeholder in this response (HTML-escaped by the caller when it is text from
 * content). For a form token: a fresh token signed now (keyed from the secrets key); for the lead
 * source: this request's, encoded and HTML-escaped ("" when the page is not where the visit landed).
 */
export type TokenIssuer = (placeholder: string) => string;

/** The longest opening tag looked at (the app's own are under 100 characters). */
const TAG_MAX = 400;
/** An `<input>` tag, or a `<span>` holding only the "open now" placeholder. */
const FILLED_ELEMENT = new RegExp(
  `<input\\b[^<>]{0,${TAG_MAX}}>|<span\\b[^<>]{0,${TAG_MAX}}>${OPEN_NOW_PLACEHOLDER}</span>`,
  "g",
);
/** A match is at most this long: a streamed page holds back one character less between chunks. */
const LONGEST = `<span${" ".repeat(TAG_MAX)}>${OPEN_NOW_PLACEHOLDER}</span>`.length;

/** The form fields filled per response: each `<input>` by its name and placeholder value. */
const FIELDS = [
  [FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER],
  [LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER],
].map(([name, placeholder]) => ({ name: ` name="${name}"`, value: ` value="${placeholder}"`, placeholder }));
const OPEN_NOW_MARK = ` ${OPEN_NOW_ATTRIBUTE}=""`;

/** The per-response field an `<input>` tag is, if any. */
const fieldOf = (tag: string) =>
  FIELDS.find((field) => tag.includes(field.name) && tag.includes(field.value));

/** The element with this response's value, or as it was when it is not one of the filled ones. */
function filled(element: string, issue: TokenIssuer): string {
  if (element.startsWith("<input")) {
    const field = fieldOf(element);
    return field ? element.replace(field.value, () => ` value="${issue(field.placeholder)}"`) : element;
  }
  const open = element.slice(0, element.indexOf(">") + 1);
  return open.includes(OPEN_NOW_MARK) ? `${open}${issue(OPEN_NOW_PLACEHOLDER)}</span>` : element;
}

/** The page's elements that get a value per response, as found in it. */
const filledElements = (html: string) => html.match(FILLED_ELEMENT) ?? [];

/**
 * Whether the page holds an enquiry form (a token to sign per response, never the same twice, and
 * the request's lead source).
 */
export const hasFormToken = (html: string) =>
  (html.includes(FORM_TOKEN_PLACEHOLDER) || html.includes(LEAD_SOURCE_PLACEHOLDER)) &&
  filledElements(html).some((element) => element.startsWith("<input") && fieldOf(element) !== undefined);

/** Whether the page says "open now" (the same for every response of the same minute's state). */
export const hasOpenNow = (html: string) =>
  html.includes(OPEN_NOW_PLACEHOLDER) &&
  filledElements(html).some((element) => element.startsWith("<span") && element.includes(OPEN_NOW_MARK));

/** The document with this response's value in each placeholder's own element. */
export const withFormTokens = (html: string, issue: TokenIssuer) =>
  html.includes(FORM_TOKEN_PLACEHOLDER) ||
  html.includes(LEAD_SOURCE_PLACEHOLDER) ||
  html.includes(OPEN_NOW_PLACEHOLDER)
    ? html.replace(FILLED_ELEMENT, (element) => filled(element, issue))
    : html;

/**
 * The same for a streamed page: the last characters of a chunk are held back until the next, so an
 * element split between two chunks is still found.
 */
export function formTokenStream(issue: TokenIssuer): Transform {
  const decoder = new StringDecoder("utf8");
  const keep = LONGEST - 1;
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = withFormTokens(held + decoder.write(chunk), issue);
      let cut = Math.max(0, text.length - keep);
      // Never between the two halves of a character outside the BMP (an emoji).
      if (cut > 0 && /[\uDC00-\uDFFF]/.test(text[cut] ?? "")) cut -= 1;
      held = text.slice(cut);
      callback(null, text.slice(0, text.length - held.length));
    },
    flush(callback) {
      callback(null, withFormTokens(held + decoder.end(), issue));
    },
  });
}
