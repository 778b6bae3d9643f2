/**
 * The enquiry form island's script: React hydrates the contact or tankering form alone, from the
 * props the server wrote beside it, with no React Router in the browser. The page script loads it
 * after the first paint (app/lib/paint-first.server.ts); before that the form posts as HTML.
 * docs/decisions/0043-html-first-pages.md.
 */
import { pageShown } from "~/lib/insights/insights";
import { EnquiryFormIsland, type EnquiryFormIslandProps } from "./enquiry-form";
import { hydrateIsland } from "./hydrate";
import { ISLAND_ATTRIBUTE, islandProps } from "./island-props";

// Insights: the tab's landing page and source, for the lead (the page itself was counted already).
pageShown(location.pathname);
for (const container of document.querySelectorAll(`[${ISLAND_ATTRIBUTE}="enquiry-form"]`)) {
  const props = islandProps<EnquiryFormIslandProps>(container);
  if (props) hydrateIsland(container, <EnquiryFormIsland {...props} />);
}
