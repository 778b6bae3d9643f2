import { useRouteLoaderData } from "react-router";
import { useSiteDetails } from "~/lib/content/site-details";
import { organisationJsonLd, type RootData } from "~/lib/seo";
import { JsonLd } from "./JsonLd";

/** The organisation's schema.org data (address, phone, opening hours, special days) for search engines. */
export function OrganisationJsonLd() {
  const siteUrl = (useRouteLoaderData("root") as RootData | undefined)?.siteUrl ?? "";
  return <JsonLd data={organisationJsonLd(siteUrl, useSiteDetails())} />;
}
