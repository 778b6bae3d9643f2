import { WIDGET_SCRIPTS } from "@common/company";
import { publicRegisterUrl } from "@common/content/site-content/opening-hours";
import { BadgeCheck } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { useConsent } from "~/lib/consent";
import { useSiteDetails } from "~/lib/content/site-details";
import type { RootData } from "~/lib/seo";
import { useThirdPartyScript } from "~/lib/third-party";

/**
 * The Environment Agency public-register widget confirming the waste-carrier registration.
 * Loaded only after cookie consent; the plain register link stands in before that.
 */
export function PublicRegisterWidget() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const accepted = useConsent(root?.consent === "accepted" ? "accepted" : null) === "accepted";
  useThirdPartyScript(WIDGET_SCRIPTS.publicRegister, accepted);
  const registration = useSiteDetails().wasteCarrierRegistration;
  return (
    <div
      className="card flex min-h-32 flex-col justify-center gap-2"
      data-widget="public-register"
      data-registration={registration}
    >
      <p className="flex items-center gap-2 font-bold">
        <BadgeCheck aria-hidden="true" className="size-5 text-brand" />
        Registered upper-tier waste carrier, broker and dealer
      </p>
      <p className="text-muted">
        Registration number <strong className="text-text">{registration}</strong>, issued by the Environment
        Agency.
      </p>
      <a href={publicRegisterUrl(registration)} target="_blank" rel="noopener noreferrer" className="link">
        Check our registration on the public register
      </a>
    </div>
  );
}
