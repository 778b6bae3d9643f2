import { SEARCH_SNIPPET_LENGTH } from "@common/ui";

/** The text blocks of a page the in-page search (the search overlay) scans. */
export const TEXT_BLOCK_SELECTOR = "h1,h2,h3,h4,h5,h6,p,li,dt,dd,td,th,blockquote,figcaption";

export interface SearchResult {
  /** Position of the block in the page. */
  order: number;
  /** The id of the matched element, its parent or its grandparent ("" when none has one). */
  targetId: string;
  /** The first 72 characters of the block's text. */
  snippet: string;
}

/** True when a word of `text` contains `term`, ignoring case. A phrase matches as typed. */
export function textMatches(text: string, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return false;
  const haystack = text.toLowerCase();
  if (/\s/.test(needle)) return haystack.includes(needle);
  return haystack.split(/\s+/).some((word) => word.includes(needle));
}

export function snippetOf(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, SEARCH_SNIPPET_LENGTH);
}

/** The id the result scrolls to: from the element, else its parent, else its grandparent. */
export function targetIdOf(element: Element): string {
  return element.id || element.parentElement?.id || element.parentElement?.parentElement?.id || "";
}

/** Scans `root`'s innermost text blocks for `term`; an empty term gives no results. */
export function searchPage(root: ParentNode, term: string): SearchResult[] {
  if (!term.trim()) return [];
  const results: SearchResult[] = [];
  root.querySelectorAll(TEXT_BLOCK_SELECTOR).forEach((element, order) => {
    // A list item holding a heading and a paragraph is searched through them, not twice.
    if (element.querySelector(TEXT_BLOCK_SELECTOR)) return;
    const text = element.textContent ?? "";
    if (textMatches(text, term))
      results.push({ order, targetId: targetIdOf(element), snippet: snippetOf(text) });
  });
  return results;
}
