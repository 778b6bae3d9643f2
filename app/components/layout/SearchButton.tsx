import { Search } from "lucide-react";
import { useLocation } from "react-router";
import { SEARCH_PARAM } from "~/lib/content/search-param";

/**
 * 'Search': a GET form to this page with an empty `search` term, which the server answers with the
 * page and its search overlay open (no JavaScript needed); the page script opens the overlay in
 * place instead (app/page-script/search.ts).
 */
export function SearchButton() {
  const { pathname } = useLocation();
  return (
    <form method="get" action={pathname} className="contents">
      <button
        type="submit"
        name={SEARCH_PARAM}
        value=""
        aria-label="Search"
        className="icon-btn"
        data-search-open=""
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
