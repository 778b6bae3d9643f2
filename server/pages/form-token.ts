import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { OPEN_NOW_PLACEHOLDER } from "../../common/site-content/opening-hours";
import { FORM_TOKEN_PLACEHOLDER } from "../../common/spam-fields";

/**
 * What a page says that is different in every response goes into the HTML as the page is served,
 * not when it is made: the page renders a placeholder, the page cache keeps that, and each
 * response gets its own value.
 * - the enquiry forms' spam token (FORM_TOKEN_PLACEHOLDER, in the token field's value): signed now,
 *   so "too fast" counts from when the visitor got the page;
 * - "open now" (OPEN_NOW_PLACEHOLDER, common/site-content/opening-hours.ts): the office's state at
 *   the minute the page is served, in the footer and on the contact page.
 * Only text and attribute values: never an inline script, whose hash the page's CSP names.
 */

/**
 * The value for one placeholder in this response (HTML-escaped by the caller when it is text from
 * content). For a form token: a fresh token signed now ("" when the secret cannot be read).
 */
export type TokenIssuer = (placeholder: string) => string;

const PLACEHOLDERS = [FORM_TOKEN_PLACEHOLDER, OPEN_NOW_PLACEHOLDER] as const;
const ANY_PLACEHOLDER = new RegExp(PLACEHOLDERS.join("|"), "g");
const LONGEST = Math.max(...PLACEHOLDERS.map((p) => p.length));

/** Whether the page holds an enquiry form (a token to sign per response: never the same twice). */
export const hasFormToken = (html: string) => html.includes(FORM_TOKEN_PLACEHOLDER);

/** Whether the page says "open now" (the same for every response of the same minute's state). */
export const hasOpenNow = (html: string) => html.includes(OPEN_NOW_PLACEHOLDER);

/** The document with this response's value in place of each placeholder. */
export const withFormTokens = (html: string, issue: TokenIssuer) =>
  html.replace(ANY_PLACEHOLDER, (placeholder) => issue(placeholder));

/**
 * The same for a streamed page: the last characters of a chunk are held back until the next, so a
 * placeholder split between two chunks is still found.
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
