import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { SEARCH_RESULTS_MARKER } from "./search-markup";
import { searchHtml, searchResultsStream } from "./search-results.server";

const MAIN =
  '<main id="main" tabindex="-1"><h1>Tankering &amp; sludges</h1><section id="s1"><ul><li id="a"><h3>Sludges</h3><p>Sludges from washing</p></li>' +
  "<li><p>Other <strong>SLUDGES</strong> too</p></li></ul><p>none here</p><script>sludges</script>" +
  '<img alt="x"/><p>x&#x27;s sludge&nbsp;pit</p></section></main>';

describe("search over the server's HTML", () => {
  it("finds the innermost text blocks in order, with the DOM search's snippet and target", () => {
    expect(searchHtml(MAIN, "sludges")).toEqual([
      { order: 0, targetId: "main", snippet: "Tankering & sludges" },
      { order: 2, targetId: "a", snippet: "Sludges" },
      { order: 3, targetId: "a", snippet: "Sludges from washing" },
      { order: 5, targetId: "", snippet: "Other SLUDGES too" },
    ]);
    // Entities decoded as the DOM has them (a no-break space is no space).
    expect(searchHtml(MAIN, "x's sludge")).toEqual([{ order: 7, targetId: "s1", snippet: "x's sludge pit" }]);
    expect(searchHtml(MAIN, "   ")).toEqual([]);
  });

  it("fills the overlay's marker after <main>, wherever the chunks are cut", async () => {
    const page = `<html><body>${MAIN}<footer>f</footer><div>${SEARCH_RESULTS_MARKER}</div></body></html>`;
    for (const size of [1, 7, 64, page.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < page.length; i += size) chunks.push(Buffer.from(page.slice(i, i + size)));
      let out = "";
      for await (const part of Readable.from(chunks).pipe(searchResultsStream("washing", "/services/2")))
        out += part;
      expect(out).toContain(
        '<p class="px-1 pb-2 text-sm text-muted">1 match on this page</p><ul class="flex flex-col gap-2" aria-label="Search results"><li><a href="/services/2#a"',
      );
      expect(out).not.toContain(SEARCH_RESULTS_MARKER);
      expect(out.startsWith(`<html><body>${MAIN}`)).toBe(true);
    }
  });
});
