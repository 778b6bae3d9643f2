import { searchPage } from "~/lib/content/search";
import { searchOverlayMarkup, searchResultsMarkup } from "~/lib/content/search-markup";
import { SEARCH_PARAM } from "~/lib/content/search-param";
import { trapFocus } from "~/lib/trap-focus";
import { pushEntry, replaceEntry } from "./history";
import { closeMenu } from "./menu";

/** The page content the search scans: the page's <main>, never the overlay or the chrome. */
const pageContent = () => document.getElementById("main") ?? document.body;
const searchUrl = (term: string) => `${location.pathname}?${SEARCH_PARAM}=${encodeURIComponent(term)}`;

/** Scrolls to a result's element (the page's own search state) and gives it focus. */
function scrollToTarget(id: string | undefined) {
  const element = id ? document.getElementById(id) : null;
  if (!element) return;
  element.scrollIntoView({ block: "start" });
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.tabIndex = -1;
  element.focus({ preventScroll: true });
}

/**
 * The in-page search: open while the address has `?search=`. 'Search' opens it in place (the
 * server draws it for the same address without JavaScript); a term runs on Enter or the Search
 * button and goes into the address; a card goes to the same page with the element's id in the
 * history state and scrolls there; 'Close search' or Escape returns to the plain address.
 */
export function enhanceSearch() {
  const host = document.querySelector<HTMLElement>("[data-search-host]");
  if (!host) return;
  let release: (() => void) | undefined;

  function close(push: boolean) {
    release?.();
    release = undefined;
    host?.replaceChildren();
    if (push) pushEntry(location.pathname);
  }

  function open(term: string) {
    if (!host) return;
    release?.();
    host.innerHTML = searchOverlayMarkup(location.pathname, term, "");
    const dialog = host.querySelector<HTMLElement>('[role="dialog"]');
    const form = host.querySelector("form");
    const input = host.querySelector("input");
    const results = host.querySelector<HTMLElement>("[data-search-results]");
    if (!dialog || !form || !input || !results) return;
    const run = (value: string, remember: boolean) => {
      // An empty term does nothing and gives no results.
      if (!value.trim()) {
        results.replaceChildren();
        return;
      }
      results.innerHTML = searchResultsMarkup(searchPage(pageContent(), value), value, "button");
      if (remember) replaceEntry(searchUrl(value));
    };
    run(term, false);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(input.value, true);
    });
    host.querySelector("[data-search-close]")?.addEventListener("click", (event) => {
      event.preventDefault();
      close(true);
    });
    results.addEventListener("click", (event) => {
      const card = (event.target as Element).closest<HTMLElement>("button[data-target]");
      if (!card) return;
      const scrollTo = card.dataset.target || undefined;
      close(false);
      pushEntry(location.pathname, { scrollTo });
      scrollToTarget(scrollTo);
    });
    release = trapFocus(dialog, () => close(true));
  }

  // Opened from the header or the menu: in place, with `?search=` in the address.
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest?.("[data-search-open]");
    if (!button) return;
    event.preventDefault();
    closeMenu();
    pushEntry(searchUrl(""));
    open("");
  });
  // Back and forward open and close it as the address says.
  window.addEventListener("popstate", () => {
    const term = new URLSearchParams(location.search).get(SEARCH_PARAM);
    if (term === null) close(false);
    else open(term);
  });
  // Drawn by the server for this address: the same overlay, run here (cards become buttons).
  const term = new URLSearchParams(location.search).get(SEARCH_PARAM);
  if (term !== null) open(term);
}
