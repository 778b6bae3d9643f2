import { COMPANY, WIDGET_SCRIPTS } from "@common/company";
import { Star } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { useConsent } from "~/lib/consent";
import { useSiteDetails } from "~/lib/content/site-details";
import type { RootData } from "~/lib/seo";
import { useThirdPartyScript } from "~/lib/third-party";

/**
 * The Trustpilot-style review widget of the footer. Its script loads only after the visitor
 * accepts cookies; until then (and when it cannot load) the plain link inside is what shows.
 */
export function ReviewWidget() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { reviews } = useSiteDetails();
  const accepted = useConsent(root?.consent === "accepted" ? "accepted" : null) === "accepted";
  useThirdPartyScript(WIDGET_SCRIPTS.review, accepted);
  return (
    <div
      className="trustpilot-widget min-h-12"
      data-locale="en-GB"
      data-template-id="5419b6a8b0d04a076446a9ad"
      data-businessunit-id={COMPANY.reviewWidgetId}
      data-style-height="24px"
      data-style-width="100%"
      data-theme="dark"
      data-widget="review"
    >
      <a
        href={reviews.read}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 text-sm font-semibold hover:underline"
      >
        <Star aria-hidden="true" className="size-4 fill-current text-accent" />
        Read our reviews on Trustpilot
      </a>
    </div>
  );
}
