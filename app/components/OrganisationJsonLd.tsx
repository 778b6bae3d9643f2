import { useRouteLoaderData } from "react-router";
import { useNonce } from "~/lib/nonce";
import { organisationJsonLd, type RootData } from "~/lib/seo";

/**
 * The organisation's schema.org data (address, phone, opening hours) for search engines. Rendered
 * as an element rather than through `meta` so it carries the nonce like every inline script.
 */
export function OrganisationJsonLd() {
  const nonce = useNonce();
  const siteUrl = (useRouteLoaderData("root") as RootData | undefined)?.siteUrl ?? "";
  // "<" escaped so no text can close the script element early.
  const json = JSON.stringify(organisationJsonLd(siteUrl)).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
