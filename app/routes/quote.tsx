import { QuoteWizard, stepFromPath } from "~/components/quote/QuoteWizard";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/quote";

// Every step is one form: its canonical address is the wizard's first step, the one in the sitemap.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Get a Quote",
      description:
        "Request a free quote for organic waste collection: six short steps, and our team replies within one working day.",
      path: "/quote",
    },
    siteUrlFrom(matches),
  );

/** Read by the public layout: quote pages do not scroll to top on navigation. */
export const handle = { keepScroll: true };

export default function Quote({ params }: Route.ComponentProps) {
  return <QuoteWizard step={stepFromPath(params["*"])} />;
}
