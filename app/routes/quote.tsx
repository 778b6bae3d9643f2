import { QuoteWizard, stepFromPath } from "~/components/quote/QuoteWizard";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [
  { title: "Get a Quote | Fenland Organics" },
  { name: "description", content: "Request a quote for organic waste collection" },
];

/** Read by the public layout: quote pages do not scroll to top on navigation (SPEC section 2). */
export const handle = { keepScroll: true };

export default function Quote({ params }: Route.ComponentProps) {
  return <QuoteWizard step={stepFromPath(params["*"])} />;
}
