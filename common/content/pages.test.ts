import { describe, expect, it } from "vitest";
import { isKnownPagePath } from "./pages";

describe("known page paths", () => {
  it("are the fixed public pages, the wizard's steps and single-segment blog posts", () => {
    for (const path of ["/", "/about", "/quote", "/quote/6", "/blog", "/blog/abc", "/legal/privacy-policy"])
      expect(isKnownPagePath(path), path).toBe(true);
    for (const path of ["/x1", "/quote/7", "/quote/2/x", "/blog/a/b", "/about/", "/admin", "//about"])
      expect(isKnownPagePath(path), path).toBe(false);
  });
});
