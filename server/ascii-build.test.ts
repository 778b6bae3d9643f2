import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { asciiOnly, shiftMappings } from "../scripts/ascii-only.mjs";

// The server's built JavaScript is rewritten in ASCII (scripts/build-server.mjs): V8 keeps every
// module's source while the server runs, as UTF-16 (two bytes a character) when one character is
// past Latin-1 and, for Node's external strings of a module over about 1 MB, past ASCII. The
// rewrite must not change what the code does.

const run = (code: string) => vm.runInNewContext(`(() => { ${code} })()`);

describe("asciiOnly", () => {
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: JavaScript to rewrite, templates in it
  const code = [
    'const text = "café — ‘quoted’ 😀";',
    "const template = `No matches for “${text.length}”…`;",
    "const dashes = 'a–b—c'.replace(/[\\s,;|•·\\-–—:]+/g, '|');",
    "const astral = /😀+/u.test('😀😀') && /^😀$/.test('😀') && /[😀]/u.test('😀');",
    "const identity = '\\é' === 'é' && /\\é/.test('é');",
    "const raw = String.raw`raw — ${1} ’`;",
    "// a comment — with ‘quotes’",
    "/*! licence: Jimmy Wärtin */",
    "const café = 1;",
    "return [text, template, dashes, astral, identity, raw, café];",
  ].join("\n");
  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: JavaScript to rewrite, templates in it

  it("escapes every character past ASCII outside tagged templates, and the code does the same", () => {
    const result = asciiOnly(code);
    const outsideRaw = result.code.replace(/String\.raw`[^`]*`/, "");
    expect([...outsideRaw].filter((char) => char.charCodeAt(0) > 0x7f)).toEqual([]);
    expect(run(result.code)).toEqual(run(code));
    // The tagged template's raw text is its tag's to read: left as written.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template as written in the code above
    expect(result.code).toContain("String.raw`raw — ${1} ’`");
    expect(result.kept).toBe(2);
  });

  it("leaves ASCII code as it is", () => {
    const plain = "const a = 'plain';\nreturn a;";
    expect(asciiOnly(plain)).toMatchObject({ code: plain, escaped: 0 });
  });

  it("moves a source map's columns past each escape, and no other line", () => {
    // Line 0: a segment at column 0 and one at column 12 (after 'é' at column 10); line 1 one at 4.
    const source = "const a = 'é'; a;\nb; a;";
    const { code: out, growth } = asciiOnly(source);
    expect(out).toBe("const a = '\\u00e9'; a;\nb; a;");
    const mappings = "AAAA,YAAY;IAAI";
    const shifted = shiftMappings(mappings, growth);
    // Column 12 moves by 5 (é → \u00e9): the segment's delta 12 becomes 17 ("iB"); line 1 is untouched.
    expect(shifted).toBe("AAAA,iBAAY;IAAI");
    expect(out.indexOf("; a;")).toBe(source.indexOf("; a;") + 5);
  });
});
