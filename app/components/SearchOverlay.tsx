import { SEARCH_PLACEHOLDER } from "@common/messages";
import { Search, X } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useFocusTrap } from "~/lib/focus-trap";
import type { ScrollTargetState } from "~/lib/scroll";
import { type SearchResult, searchPage } from "~/lib/search";
import { SEARCH_PARAM } from "~/lib/search-param";

/** The page content the search scans: the route's <main>, never the overlay or the chrome. */
const pageContent = () => document.getElementById("main") ?? document.body;

/** The search overlay: open while the URL has a `search` query parameter. */
export function SearchOverlay() {
  const [params, setParams] = useSearchParams();
  const initialTerm = params.get(SEARCH_PARAM) ?? "";
  const [term, setTerm] = useState(initialTerm);
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback(() => navigate(pathname, { preventScrollReset: true }), [navigate, pathname]);
  useFocusTrap(panel, close);

  const run = useCallback(
    (value: string) => {
      // An empty term does nothing and gives no results.
      if (!value.trim()) {
        setResults(null);
        return;
      }
      setResults(searchPage(pageContent(), value));
      setParams({ [SEARCH_PARAM]: value }, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  // The initial term is read from the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on opening
  useEffect(() => {
    if (initialTerm.trim()) setResults(searchPage(pageContent(), initialTerm));
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    run(term);
  }

  function choose(result: SearchResult) {
    const state: ScrollTargetState = { scrollTo: result.targetId || undefined };
    navigate(pathname, { state, preventScrollReset: true });
  }

  return (
    <div className="overlay-fade fixed inset-0 z-[60] bg-black/60 backdrop-blur-sm">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Search in page"
        className="container-page mt-6 flex max-h-[calc(100vh-3rem)] max-w-2xl flex-col rounded-2xl bg-surface p-4 shadow-2xl sm:mt-16"
      >
        <search>
          <form onSubmit={onSubmit} className="flex items-center gap-2">
            <label htmlFor="page-search" className="sr-only">
              {SEARCH_PLACEHOLDER}
            </label>
            <input
              id="page-search"
              type="search"
              data-autofocus
              autoComplete="off"
              placeholder={SEARCH_PLACEHOLDER}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              className="min-h-11 flex-1 rounded-full border border-border bg-bg px-4 text-text placeholder:text-muted"
            />
            <button
              type="submit"
              aria-label="Search"
              className="icon-btn bg-brand text-on-brand hover:bg-brand-strong"
            >
              <Search aria-hidden="true" className="size-5" />
            </button>
            <button type="button" aria-label="Close search" onClick={close} className="icon-btn">
              <X aria-hidden="true" className="size-6" />
            </button>
          </form>
        </search>
        <div className="mt-4 overflow-y-auto" aria-live="polite">
          {results && (
            <p className="px-1 pb-2 text-sm text-muted">
              {results.length === 0
                ? `No matches for “${params.get(SEARCH_PARAM) ?? term}” on this page.`
                : `${results.length} ${results.length === 1 ? "match" : "matches"} on this page`}
            </p>
          )}
          {results && results.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label="Search results">
              {results.map((result) => (
                <li key={result.order}>
                  <button
                    type="button"
                    onClick={() => choose(result)}
                    className="search-card w-full rounded-xl border border-border bg-bg px-4 py-3 text-left hover:border-brand"
                  >
                    {result.snippet}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
