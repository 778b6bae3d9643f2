import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { OPEN_NOW_ATTRIBUTE, OPEN_NOW_PLACEHOLDER } from "../../common/content/site-content/opening-hours";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "../../common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "../../common/leads/spam-fields";
import { formTokenStream, hasFormToken, hasOpenNow, withFormTokens } from "./form-token";

const TOKEN_INPUT = `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${FORM_TOKEN_PLACEHOLDER}"/>`;
const SOURCE_INPUT = `<input type="hidden" name="${LEAD_SOURCE_FIELD}" value="${LEAD_SOURCE_PLACEHOLDER}"/>`;
const OPEN_NOW = `<span data-testid="open-now" ${OPEN_NOW_ATTRIBUTE}="">${OPEN_NOW_PLACEHOLDER}</span>`;

/** Each placeholder's value in this response: a token numbered per form, the source, the minute's sentence. */
function issuer() {
  let n = 0;
  return (placeholder: string) =>
    placeholder === OPEN_NOW_PLACEHOLDER
      ? "Open now"
      : placeholder === LEAD_SOURCE_PLACEHOLDER
        ? "landing=%2Fcontact"
        : `t${++n}`;
}

/**
 * What a visitor typed, echoed in the page as React and the search overlay draw it: the search box's
 * value, "No matches for …", a refused form's field and textarea, and a script's JSON.
 */
const echoed = (typed: string) =>
  `<input id="page-search" name="search" type="search" value="${typed}"/>` +
  `<p class="px-1 pb-2 text-sm text-muted">No matches for “${typed}” on this page.</p>` +
  `<input id="contact-form-name" name="name" value="${typed}"/><textarea name="message">${typed}</textarea>` +
  `<span class="term">${typed}</span>` +
  `<script type="application/json">${JSON.stringify({ term: typed, html: TOKEN_INPUT + SOURCE_INPUT + OPEN_NOW }).replace(/</g, "\\u003c")}</script>`;

describe("form tokens put in as the page is served", () => {
  it("replaces each form's token field with its own token, and the 'open now' element's text", () => {
    const html = `<form>${TOKEN_INPUT}</form><form>${TOKEN_INPUT}</form><p>${OPEN_NOW}</p>`;
    expect(withFormTokens(html, issuer())).toBe(
      `<form><input type="hidden" name="${FORM_TOKEN_FIELD}" value="t1"/></form>` +
        `<form><input type="hidden" name="${FORM_TOKEN_FIELD}" value="t2"/></form>` +
        `<p><span data-testid="open-now" ${OPEN_NOW_ATTRIBUTE}="">Open now</span></p>`,
    );
    expect(hasFormToken(html)).toBe(true);
    expect(hasOpenNow(html)).toBe(true);
  });

  it("leaves the placeholders' text alone anywhere else: a visitor's search term, typed fields, JSON", () => {
    for (const typed of [FORM_TOKEN_PLACEHOLDER, LEAD_SOURCE_PLACEHOLDER, OPEN_NOW_PLACEHOLDER]) {
      const visitor = echoed(typed);
      expect(withFormTokens(visitor, issuer())).toBe(visitor);
      // A page holding nothing but echoes has no form token nor "open now" to serve per response.
      expect(hasFormToken(visitor)).toBe(false);
      expect(hasOpenNow(visitor)).toBe(false);
      // Beside the page's own elements: only those are filled.
      const page = `${visitor}<form>${TOKEN_INPUT}${SOURCE_INPUT}</form>${OPEN_NOW}`;
      expect(withFormTokens(page, issuer())).toBe(
        `${visitor}<form><input type="hidden" name="${FORM_TOKEN_FIELD}" value="t1"/>` +
          `<input type="hidden" name="${LEAD_SOURCE_FIELD}" value="landing=%2Fcontact"/></form>` +
          `<span data-testid="open-now" ${OPEN_NOW_ATTRIBUTE}="">Open now</span>`,
      );
    }
  });

  it("finds an element split between chunks of a streamed page, keeping every other byte", async () => {
    const tail = `${echoed(FORM_TOKEN_PLACEHOLDER)}${"x".repeat(100)}`;
    const page = `<p>é€😊</p><form>${TOKEN_INPUT}</form><footer>${OPEN_NOW}</footer>${tail}`;
    const expected = withFormTokens(page, () => "FILLED");
    expect(expected).toContain(`value="FILLED"`);
    expect(expected).toContain(`${OPEN_NOW_ATTRIBUTE}="">FILLED</span>`);
    const bytes = Buffer.from(page);
    for (const size of [1, 3, 7, 20, 64, 500, bytes.length]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(formTokenStream(() => "FILLED")))
        out.push(Buffer.from(chunk));
      expect(Buffer.concat(out).toString()).toBe(expected);
    }
  });
});
