import { describe, expect, it } from "vitest";
import { SAME_SITE_PATH_MAX, sameSitePath } from "./same-site-path";

const ORIGIN = "https://fenland.example";

// Each way a return address can name another site: dot segments, backslashes, encoded slashes,
// tabs and line breaks, whole addresses. Every one must come back as a path of this site.
const OFF_SITE: Array<[string, string]> = [
  ["a dot segment before two slashes", "/.//evil.example"],
  ["two slashes", "//evil.example"],
  ["two slashes with a path", "//evil.example/x"],
  ["a slash and a backslash", "/\\evil.example"],
  ["a backslash and a slash", "\\/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["one encoded slash", "/%2Fevil.example"],
  ["lower-case encoded slashes", "/%2f%2fevil.example"],
  ["an encoded backslash", "/%5Cevil.example"],
  ["a dot segment and an encoded dot-dot", "/./%2e%2e//evil.example"],
  ["an encoded dot-dot", "/%2e%2e//evil.example"],
  ["dot-dot segments", "/../..//evil.example"],
  ["a dot segment and a backslash", "/./\\evil.example"],
  ["a tab between the slashes", "/\t/evil.example"],
  ["a line break between the slashes", "/\n/evil.example"],
  ["a carriage return between the slashes", "/\r\n/evil.example"],
  ["a leading space", " //evil.example"],
  ["a whole address", "https://evil.example"],
  ["a whole address with this site's name as its user", "https://fenland.example@evil.example/"],
  ["another scheme", "javascript:alert(1)"],
  ["a whole address over http", "http://fenland.example/about"],
  ["a malformed escape (no page of this site has one)", "/%E0%A4%A"],
];

describe("sameSitePath", () => {
  it.each(OFF_SITE)("sends %s (%j) home", (_form, back) => {
    expect(sameSitePath(back, ORIGIN)).toBe("/");
  });

  it.each([
    ["/about?search=digestion", "/about?search=digestion"],
    ["/blog/caf\u00e9", "/blog/caf%C3%A9"],
    ["/blog/./post/../post", "/blog/post"],
    ["/services/\tcollection", "/services/collection"],
    ["https://fenland.example/contact?x=1#form", "/contact?x=1"],
    ["//fenland.example/faqs", "/faqs"],
    ["/a%2Fb", "/a%2Fb"],
    ["/", "/"],
  ])("keeps a path of this site (%j → %s)", (back, path) => {
    expect(sameSitePath(back, ORIGIN)).toBe(path);
  });

  it("sends anything that is no address, or too long, home", () => {
    expect(sameSitePath("", ORIGIN)).toBe("/");
    expect(sameSitePath(null, ORIGIN)).toBe("/");
    expect(sameSitePath(undefined, ORIGIN)).toBe("/");
    expect(sameSitePath(["/about"], ORIGIN)).toBe("/");
    expect(sameSitePath("http://[::1", ORIGIN)).toBe("/");
    expect(sameSitePath(`/${"a".repeat(SAME_SITE_PATH_MAX)}`, ORIGIN)).toBe("/");
  });

  it("never returns a path a browser would read as another host", () => {
    for (const [, back] of OFF_SITE)
      for (const prefix of ["", "/", "/./", "/a/../"]) {
        const path = sameSitePath(prefix + back, ORIGIN);
        expect(path.startsWith("/")).toBe(true);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
        expect(/^[/\\]{2}/.test(decodeURIComponent(path))).toBe(false);
      }
  });
});
