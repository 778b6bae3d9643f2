/**
 * The quote wizard island's script: React hydrates the wizard alone, from the props the server
 * wrote beside it, with no React Router in the browser; the wizard then moves between its steps
 * itself (history.pushState, popstate). The page script loads it after the first paint
 * (app/lib/paint-first.server.ts); before that each step posts as HTML.
 * docs/decisions/0043-html-first-pages.md.
 */
import { QuoteWizard, type QuoteWizardProps } from "~/components/quote/QuoteWizard";
import { pageShown } from "~/lib/insights/insights";
import { hydrateIsland } from "./hydrate";
import { ISLAND_ATTRIBUTE, islandProps } from "./island-props";

// Insights: the tab's landing page and source, for the lead (the page itself was counted already).
pageShown(location.pathname);
const container = document.querySelector(`[${ISLAND_ATTRIBUTE}="quote-wizard"]`);
const props = container && islandProps<QuoteWizardProps>(container);
if (container && props) hydrateIsland(container, <QuoteWizard {...props} />);
