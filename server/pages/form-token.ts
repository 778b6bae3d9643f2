import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { FORM_TOKEN_PLACEHOLDER } from "../../common/spam-fields";

/**
 * The enquiry forms' spam token goes into the HTML as the page is served, not when it is made:
 * the forms render FORM_TOKEN_PLACEHOLDER in their token field, the page cache keeps that, and each
 * response gets its own token (signed now, so "too fast" counts from when the visitor got the page).
 * Only the field's value: never an inline script, whose hash the page's CSP names.
 */

/** Signs a fresh token now ("" when the secret cannot be read: the form is sent without one). */
export type TokenIssuer = () => string;

export const hasFormToken = (html: string) => html.includes(FORM_TOKEN_PLACEHOLDER);

/** The document with a fresh token in place of each placeholder. */
export const withFormTokens = (html: string, issue: TokenIssuer) =>
  html.replaceAll(FORM_TOKEN_PLACEHOLDER, () => issue());

/**
 * The same for a streamed page: the last characters of a chunk are held back until the next, so a
 * placeholder split between two chunks is still found.
 */
export function formTokenStream(issue: TokenIssuer): Transform {
  const decoder = new StringDecoder("utf8");
  const keep = FORM_TOKEN_PLACEHOLDER.length - 1;
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = withFormTokens(held + decoder.write(chunk), issue);
      let cut = Math.max(0, text.length - keep);
      // Never between the two halves of a character outside the BMP (an emoji).
      if (cut > 0 && /[\uDC00-\uDFFF]/.test(text[cut])) cut -= 1;
      held = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, withFormTokens(held + decoder.end(), issue));
    },
  });
}
