import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { FORM_TOKEN_PLACEHOLDER } from "../../common/spam-fields";
import { formTokenStream, withFormTokens } from "./form-token";

describe("form tokens put in as the page is served", () => {
  it("replaces each placeholder with its own token", () => {
    let n = 0;
    const html = `<input value="${FORM_TOKEN_PLACEHOLDER}"><input value="${FORM_TOKEN_PLACEHOLDER}">`;
    expect(withFormTokens(html, () => `t${++n}`)).toBe('<input value="t1"><input value="t2">');
  });

  it("finds a placeholder split between chunks of a streamed page, keeping every other byte", async () => {
    const page = `<p>é€😊</p><form><input value="${FORM_TOKEN_PLACEHOLDER}"></form>${"x".repeat(100)}`;
    const bytes = Buffer.from(page);
    for (const size of [1, 3, 7, 20, bytes.length]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(formTokenStream(() => "TOKEN")))
        out.push(Buffer.from(chunk));
      expect(Buffer.concat(out).toString()).toBe(page.replace(FORM_TOKEN_PLACEHOLDER, "TOKEN"));
    }
  });
});
