/**
 * The public pages' script: the header, menu, theme, cookie consent, search and landing popup,
 * which all work as HTML and are enhanced here. Every public page loads it after its first paint
 * (app/lib/paint-first.server.ts); pages without a form load nothing else, and no React.
 * docs/decisions/0043-html-first-pages.md.
 */
import { enhanceConsent } from "./consent";
import { enhanceMenu } from "./menu";
import { showKeptMessages } from "./messages";
import { enhancePopup } from "./popup";
import { reactRuns } from "./react";
import { enhanceSearch } from "./search";
import { enhanceTheme } from "./theme";
import { keepQuoteScroll, rememberVisit } from "./visit";

enhanceTheme();
enhanceConsent();
enhanceMenu();
enhanceSearch();
enhancePopup();
keepQuoteScroll();
rememberVisit();
showKeptMessages();
// A page without React is interactive now (React marks its own pages once hydrated, a form island
// once it has hydrated: app/islands): tests wait for it, CSS may use it.
if (!reactRuns() && !document.querySelector("[data-island]"))
  document.documentElement.dataset.hydrated = "true";
