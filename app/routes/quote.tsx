import { QuoteWizard, type QuoteWizardProps, stepFromPath } from "~/components/quote/QuoteWizard";
import { IslandContainer } from "~/islands/IslandContainer";
import { formPageHeaders } from "~/lib/form-page-headers";
import { quoteAction, quoteLoader } from "~/lib/leads/quote-wizard.server";
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

/** The answers kept for a visitor without JavaScript (none for anyone else: the page cache's copy). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  quoteLoader(request, context, stepFromPath(params["*"]));

/** A step sent without JavaScript (or the scripts letting the server's copy go). */
export const action = ({ request, context, params }: Route.ActionArgs) =>
  quoteAction(request, context, stepFromPath(params["*"]));

/**
 * A page with a visitor's answers is theirs alone (its Cache-Control; the cookie that keeps them
 * goes with it); a refused send's Retry-After (503, 429) goes with the page.
 */
export const headers: Route.HeadersFunction = formPageHeaders;

/**
 * The wizard as an island: the server draws it in its container and writes its props beside it
 * (the step, the answers kept or refused, the reference just sent); in the browser
 * app/islands/quote-wizard.client.tsx hydrates it alone and it moves between steps itself (the
 * draft lives in the tab: moving between steps asks the server nothing).
 */
export default function Quote({ params, loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const props: QuoteWizardProps = {
    step: stepFromPath(params["*"]),
    kept: loaderData.draft,
    ...(refused ? { refused: { draft: refused.draft, errors: refused.errors } } : {}),
    ...(loaderData.sent ? { sentReference: loaderData.sent } : {}),
    ...(loaderData.areas ? { areas: loaderData.areas } : {}),
  };
  return (
    <IslandContainer name="quote-wizard" props={props}>
      <QuoteWizard {...props} />
    </IslandContainer>
  );
}
