import { openNowText } from "@common/content/site-content/opening-hours";
import { useEffect } from "react";
import { Outlet, useLocation, useMatches, useRouteLoaderData, useSearchParams } from "react-router";
import { CookieBanner } from "~/components/CookieBanner";
import { Footer } from "~/components/layout/Footer";
import { Navbar } from "~/components/layout/Navbar";
import { pageContent, previewOf } from "~/lib/content/page-content.server";
import { SEARCH_RESULTS_MARKER, searchOverlayMarkup } from "~/lib/content/search-markup";
import { SEARCH_PARAM } from "~/lib/content/search-param";
import type { PublicLayoutData } from "~/lib/content/site-details";
import { pageShown } from "~/lib/insights/insights";
import type { RootData } from "~/lib/seo";
import { BLOG_FEED } from "~/lib/seo";
import type { Route } from "./+types/public-layout";

/** Every public page points feed readers at the blog's RSS feed. */
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: BLOG_FEED.title, href: BLOG_FEED.path },
];

/**
 * The published site details, footer words and the office's menu links every public page shows
 * (header, slider, footer, contact, JSON-LD):
 * from memory. Under the site details' Preview, the draft, and "open now" from its hours.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PublicLayoutData> {
  const [preview, site, footer, menu] = await Promise.all([
    previewOf("site-details", request, context),
    context.services.siteContent.published("site-details"),
    pageContent("footer", request, context),
    // The office's links after the fixed ones: every page reads the menu (a change drops them all).
    context.services.menu.shown(),
  ]);
  return preview
    ? { site: preview, footer, menu, openNow: openNowText(preview, new Date()) }
    : { site, footer, menu };
}

/** Public shell: skip link, header, the page, footer, and the search overlay when asked for. */
export default function PublicLayout() {
  const [params] = useSearchParams();
  // The consent banner belongs to the public site: the admin area loads no third-party widgets.
  const root = useRouteLoaderData<RootData>("root");
  // Pages built on the design system lay out their own full-width sections (handle.fullBleed);
  // the rest (quote, blog) get the plain centred column the foundation gave them.
  const fullBleed = useMatches().some((m) => (m.handle as { fullBleed?: boolean } | undefined)?.fullBleed);
  const { pathname } = useLocation();
  useEffect(() => pageShown(pathname), [pathname]); // Insights: pages shown by links inside the site
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-brand px-4 py-2 font-bold text-on-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main
        id="main"
        tabIndex={-1}
        className={`flex-1 outline-none ${fullBleed ? "" : "mx-auto w-full max-w-6xl px-6 py-12"}`}
      >
        <Outlet />
      </main>
      <Footer />
      {/* The search overlay's place: drawn by the server for `?search=` (without JavaScript too), by
          the page script when opened in place; React keeps out of it (an unchanged inner HTML). */}
      <div
        data-search-host=""
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html:
            import.meta.env.SSR && params.has(SEARCH_PARAM)
              ? searchOverlayMarkup(pathname, params.get(SEARCH_PARAM) ?? "", SEARCH_RESULTS_MARKER)
              : "",
        }}
      />
      <CookieBanner serverConsent={root?.consent ?? null} />
    </>
  );
}
