import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { OPEN_NOW_ATTRIBUTE, OPEN_NOW_PLACEHOLDER } from "@common/content/site-content/opening-hours";
import { type SearchResult, snippetOf, TEXT_BLOCK_SELECTOR, textMatches } from "./search";
import { SEARCH_RESULTS_MARKER, searchResultsMarkup } from "./search-markup";

const TEXT_BLOCKS = new Set(TEXT_BLOCK_SELECTOR.split(","));
const VOID = new Set("area,base,br,col,embed,hr,img,input,link,meta,source,track,wbr".split(","));
const RAW_TEXT = new Set(["script", "style", "template"]);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (entity, name: string) => {
    if (name[0] !== "#") return NAMED[name] ?? entity;
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

interface Open {
  tag: string;
  id: string;
  text: string;
  order: number;
  holdsBlock: boolean;
}

/**
 * The in-page search (app/lib/content/search.ts `searchPage`) over a page's HTML instead of its DOM: the
 * same text blocks in the same order, the same matches, snippets and targets. The server answers
 * `?search=` with it, so search works without JavaScript. The HTML is React's own output (well
 * formed, quoted attributes), not any page from the web.
 */
export function searchHtml(html: string, term: string): SearchResult[] {
  if (!term.trim()) return [];
  const stack: Open[] = [];
  const results: SearchResult[] = [];
  let order = 0;
  let last = 0;
  TAG.lastIndex = 0;
  const addText = (text: string) => {
    if (!text) return;
    const decoded = decode(text);
    for (const open of stack) open.text += decoded;
  };
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    addText(html.slice(last, match.index));
    last = TAG.lastIndex;
    if (match[0].startsWith("<!--")) continue;
    const [, closing, rawTag, attributes] = match;
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.map((open) => open.tag).lastIndexOf(tag);
      if (at < 0) continue;
      while (stack.length > at) {
        const element = stack.pop() as Open;
        const parent = stack.at(-1);
        if (parent && (element.holdsBlock || element.order >= 0)) parent.holdsBlock = true;
        // A block holding another block is searched through its inner ones, not twice.
        if (element.order >= 0 && !element.holdsBlock && textMatches(element.text, term)) {
          // The element's id, else its parent's, else its grandparent's (search.ts `targetIdOf`).
          const targetId = element.id || parent?.id || stack.at(-2)?.id || "";
          results.push({ order: element.order, targetId, snippet: snippetOf(element.text) });
        }
      }
      continue;
    }
    if (VOID.has(tag) || attributes.trimEnd().endsWith("/")) continue;
    if (RAW_TEXT.has(tag)) {
      // Their text is no page text (a template's content is not even in the document).
      const end = html.toLowerCase().indexOf(`</${tag}`, last);
      const close = end < 0 ? -1 : html.indexOf(">", end);
      last = TAG.lastIndex = close < 0 ? html.length : close + 1;
      continue;
    }
    const id = decode(/\sid="([^"]*)"/.exec(attributes)?.[1] ?? "");
    stack.push({ tag, id, text: "", order: TEXT_BLOCKS.has(tag) ? order++ : -1, holdsBlock: false });
  }
  return results.sort((a, b) => a.order - b.order);
}

/**
 * A card's text that holds the page's "open now" (the server searches the page before it is
 * served): the placeholder goes into an element of its own, so the sentence is filled in there as
 * in the page (server/pages/form-token.ts fills nothing outside its elements).
 */
const openNowInSnippet = (escaped: string) =>
  escaped.replaceAll(OPEN_NOW_PLACEHOLDER, `<span ${OPEN_NOW_ATTRIBUTE}="">${OPEN_NOW_PLACEHOLDER}</span>`);

/**
 * Fills the server-drawn search overlay (`?search=term`) with the results for the page's `<main>`,
 * which the stream has passed by the time the overlay comes (it follows the footer).
 */
export function searchResultsStream(term: string, pathname: string): Transform {
  const decoder = new StringDecoder("utf8");
  let main = "";
  let seenMain = false;
  let inMain = false;
  let done = false;
  let held = "";
  const fill = (text: string) => {
    if (done) return text;
    let rest = text;
    if (!seenMain) {
      const start = rest.search(/<main[\s>]/);
      seenMain = inMain = start >= 0;
      rest = start >= 0 ? rest.slice(start) : "";
    }
    if (inMain) {
      const end = rest.indexOf("</main>");
      main += end >= 0 ? rest.slice(0, end) : rest;
      inMain = end < 0;
    }
    const at = text.indexOf(SEARCH_RESULTS_MARKER);
    if (!seenMain || inMain || at < 0) return text;
    done = true;
    const results = searchResultsMarkup(searchHtml(main, term), term, { pathname }, openNowInSnippet);
    return text.slice(0, at) + results + text.slice(at + SEARCH_RESULTS_MARKER.length);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = held + decoder.write(chunk);
      // A tag (or the marker) may be cut between chunks: its start waits for the next one.
      const cut = text.lastIndexOf("<");
      held = !done && cut >= 0 && !text.includes(">", cut) ? text.slice(cut) : "";
      text = text.slice(0, text.length - held.length);
      callback(null, fill(text));
    },
    flush(callback) {
      callback(null, fill(held + decoder.end()));
    },
  });
}
