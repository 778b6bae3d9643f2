import enquiryFormIslandUrl from "virtual:island-enquiry-form";
import quoteWizardIslandUrl from "virtual:island-quote-wizard";
import pageScriptUrl from "virtual:page-script";
import { type PageIsland, pageIsland } from "@common/content/pages";
import { ERROR_SCREEN_HEADING } from "@common/messages";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
// Inlined: one render-blocking request fewer on a slow phone connection. The page cache cuts it to
// the page's critical rules; the page then loads the whole file after its first paint
// (docs/decisions/0018-critical-css.md).
import appCss from "./app.css?inline";
import appCssHref from "./app.css?url";
import { MessageQueue } from "./components/MessageQueue";
import { parseConsent } from "./lib/consent";
import { MessagesProvider } from "./lib/messages";
import { useNonce } from "./lib/nonce";
import { useScrollRules } from "./lib/scroll";
import type { RootData } from "./lib/seo";
import { SPECULATION_RULES } from "./lib/speculation";
import { hydrationDone } from "./lib/static-island";
import { THEME_BOOTSTRAP } from "./lib/theme";

// Only the server's HTML needs the stylesheet's text: the browser keeps the element it hydrates
// (React neither compares nor rewrites an unchanged dangerouslySetInnerHTML), so the client
// bundle leaves it out (about 7 KB of JavaScript less on every page).
const APP_CSS = import.meta.env.SSR ? appCss : "";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The site's public address (canonical URLs) and the visitor's cookie answer, if any. */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  return {
    siteUrl: context.services.config.siteUrl,
    consent: parseConsent(request.headers.get("cookie")),
  };
}

// Neither value changes while the visitor moves around; the consent store takes over in the browser.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** Each island's script (vite.config.ts `pageScripts`). */
const ISLAND_SCRIPTS: Record<PageIsland, string> = {
  "enquiry-form": enquiryFormIslandUrl,
  "quote-wizard": quoteWizardIslandUrl,
};

/** The island a route's data names (routes/block-page.tsx: a page with the enquiry form block). */
const islandOf = (matches: ReturnType<typeof useMatches>): PageIsland | undefined =>
  matches
    .map((match) => (match.data as { island?: PageIsland } | undefined)?.island)
    .find((island) => island !== undefined && island in ISLAND_SCRIPTS);

/**
 * Which scripts a document carries. No public page runs React Router;
 * a page with a contact or tankering form, or the quote wizard, hydrates that alone as an island
 * (`island`); the others are HTML with the page script (app/page-script), which every
 * public page loads for its header, menu, theme, consent, search and popup. React Router, once
 * running in a browser, keeps its scripts. docs/decisions/0043-html-first-pages.md.
 */
function useDocumentScripts() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const publicPage = matches.some((match) => match.id === "routes/public-layout");
  const react = typeof document !== "undefined" || !publicPage;
  // A fixed page's island is the registry's; a page from blocks names its own (its form block).
  const island = publicPage && !react ? (pageIsland(pathname) ?? islandOf(matches)) : undefined;
  return { publicPage, react, islandScript: island && ISLAND_SCRIPTS[island] };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { publicPage, react, islandScript } = useDocumentScripts();
  return (
    // The theme class is set by the bootstrap script before React hydrates.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: THEME_BOOTSTRAP }}
        />
        <style
          data-stylesheet={appCssHref}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: APP_CSS }}
        />
        <Meta />
        <Links />
        {publicPage && (
          <>
            {/* Turned on and run after the first paint (app/lib/paint-first.server.ts). */}
            <link rel="modulepreload" href={pageScriptUrl} data-page-script="" />
            {/* Imported after the page script: the form's island (app/islands). */}
            {islandScript && <link rel="modulepreload" href={islandScript} data-page-script="" />}
            <script
              type="speculationrules"
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
            />
          </>
        )}
      </head>
      <body>
        {children}
        {react && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useScrollRules();
  useEffect(() => {
    // Marks the document interactive: tests wait for it, CSS may use it.
    document.documentElement.dataset.hydrated = "true";
    hydrationDone();
  }, []);
  return (
    <MessagesProvider>
      <MessageQueue />
      <Outlet />
    </MessagesProvider>
  );
}

/** The default error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Unknown error";
  if (isRouteErrorResponse(error)) detail = error.statusText || `${error.status}`;
  else if (error instanceof Error) detail = error.message;
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-3xl font-bold">{ERROR_SCREEN_HEADING}</h1>
      <p className="mt-4 text-lg">{detail}</p>
      <p className="mt-8">
        <a className="underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
