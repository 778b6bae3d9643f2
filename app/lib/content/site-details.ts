import type { SiteMenu } from "@common/content/site-content/menu";
import { FOOTER_DEFAULTS, type FooterContent } from "@common/content/site-content/pages/footer";
import { SITE_DETAILS_DEFAULTS, type SiteDetails } from "@common/content/site-content/site-details-defaults";
import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";

/** The public layout's route id: its loader gives every public page the published site details. */
export const PUBLIC_LAYOUT_ID = "routes/public-layout";

export interface PublicLayoutData {
  site: SiteDetails;
  /** The footer's words (the "footer" page document). */
  footer?: FooterContent;
  /** The office's links added to the main menu and the footer (published pages from blocks). */
  menu?: SiteMenu;
  /** Under the site details' Preview: "open now" from the draft's hours (else the served sentence). */
  openNow?: string;
}

/** The admin's Preview shows a draft in the public parts (footer, contact details) through this. */
export const SiteDetailsOverride = createContext<SiteDetails | null>(null);

/**
 * The site details a public part shows: the draft under Preview, else the published ones from the
 * public layout's loader (today's defaults on an empty database).
 */
export function useSiteDetails(): SiteDetails {
  const override = useContext(SiteDetailsOverride);
  const layout = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return override ?? layout?.site ?? SITE_DETAILS_DEFAULTS;
}

type MatchLike = { id: string; data?: unknown } | undefined;

/** The same for a meta function, from the route matches. */
export function siteDetailsFrom(matches: readonly MatchLike[]): SiteDetails {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.data as PublicLayoutData | undefined;
  return layout?.site ?? SITE_DETAILS_DEFAULTS;
}

/** "Open now" as the site details' Preview says it (from the draft's hours), if this is one. */
export function usePreviewOpenNow(): string | undefined {
  return (useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined)?.openNow;
}

/** The footer's words: the published ones from the public layout's loader (today's outside it). */
export function useFooterWords(): FooterContent {
  const layout = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return layout?.footer ?? FOOTER_DEFAULTS;
}

const NO_MENU: SiteMenu = { main: [], footer: [] };

/** The office's menu and footer links (after SPEC's fixed ones): none outside the public layout. */
export function useSiteMenu(): SiteMenu {
  const layout = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return layout?.menu ?? NO_MENU;
}
