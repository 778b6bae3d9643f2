import { SEARCH_PLACEHOLDER } from "@common/messages";
import { escapeHtml, iconMarkup } from "../icons-markup";
import type { SearchResult } from "./search";

/** Where the server puts a search's results into the overlay it draws (app/entry.server.tsx). */
export const SEARCH_RESULTS_MARKER = "<!--search-results-->";

/**
 * The search overlay's HTML, one drawing for both ways it opens: the server draws it for an
 * address with `?search=` (a GET form that works without JavaScript, its results filled in by
 * app/lib/content/search-results.server.ts), the page script when the visitor presses 'Search'.
 * `results` is the list's HTML, or the marker the server fills.
 */
export function searchOverlayMarkup(pathname: string, term: string, results: string): string {
  const path = escapeHtml(pathname);
  return [
    '<div class="overlay-fade fixed inset-0 z-[60] bg-black/60 backdrop-blur-sm" data-search-overlay="">',
    '<div role="dialog" aria-modal="true" aria-label="Search in page" class="container-page mt-6 flex max-h-[calc(100vh-3rem)] max-w-2xl flex-col rounded-2xl bg-surface p-4 shadow-2xl sm:mt-16">',
    `<search><form method="get" action="${path}" class="flex items-center gap-2">`,
    `<label for="page-search" class="sr-only">${escapeHtml(SEARCH_PLACEHOLDER)}</label>`,
    `<input id="page-search" name="search" type="search" data-autofocus="" autocomplete="off" placeholder="${escapeHtml(SEARCH_PLACEHOLDER)}" value="${escapeHtml(term)}" class="min-h-11 flex-1 rounded-full border border-border bg-bg px-4 text-text placeholder:text-muted"/>`,
    `<button type="submit" aria-label="Search" class="icon-btn bg-brand text-on-brand hover:bg-brand-strong">${iconMarkup("search", "size-5")}</button>`,
    `<a href="${path}" role="button" aria-label="Close search" class="icon-btn" data-search-close="">${iconMarkup("x", "size-6")}</a>`,
    "</form></search>",
    `<div class="mt-4 overflow-y-auto" aria-live="polite" data-search-results="">${results}</div>`,
    "</div></div>",
  ].join("");
}

/**
 * The results' HTML: the count, then one card per match. Cards are buttons when the page script
 * handles them, links to the matched element (`#id`) in the server's page. `snippetHtml`: what the
 * server makes of a card's escaped text (the page's own words, never the term).
 */
export function searchResultsMarkup(
  results: SearchResult[] | null,
  term: string,
  card: "button" | { pathname: string },
  snippetHtml: (escaped: string) => string = (escaped) => escaped,
): string {
  if (!results) return "";
  const count =
    results.length === 0
      ? `No matches for “${escapeHtml(term)}” on this page.`
      : `${results.length} ${results.length === 1 ? "match" : "matches"} on this page`;
  const head = `<p class="px-1 pb-2 text-sm text-muted">${count}</p>`;
  if (results.length === 0) return head;
  const className =
    "search-card block w-full rounded-xl border border-border bg-bg px-4 py-3 text-left hover:border-brand";
  const items = results.map((result) => {
    const text = snippetHtml(escapeHtml(result.snippet));
    if (card === "button")
      return `<li><button type="button" class="${className}" data-target="${escapeHtml(result.targetId)}">${text}</button></li>`;
    const href = `${card.pathname}${result.targetId ? `#${result.targetId}` : ""}`;
    return `<li><a href="${escapeHtml(href)}" class="${className}">${text}</a></li>`;
  });
  return `${head}<ul class="flex flex-col gap-2" aria-label="Search results">${items.join("")}</ul>`;
}
