import { useSearchParams } from "react-router";

/**
 * The dashboard's top-bar search box writes its term into this URL parameter of the current
 * admin page, so the list on screen (client filter or loader query) reads it from one place and
 * a reload keeps it.
 */
export const ADMIN_SEARCH_PARAM = "q";

/** The top-bar search term ("" when none), trimmed. */
export function useAdminSearch(): string {
  const [params] = useSearchParams();
  return (params.get(ADMIN_SEARCH_PARAM) ?? "").trim();
}

/**
 * True when a navigation only changes the search term: a list filtered on screen needs no new
 * data then (use it in `shouldRevalidate`; a loader that searches on the server keeps the default).
 */
export function isSearchOnlyChange(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  if (current.get(ADMIN_SEARCH_PARAM) === next.get(ADMIN_SEARCH_PARAM)) return false;
  current.delete(ADMIN_SEARCH_PARAM);
  next.delete(ADMIN_SEARCH_PARAM);
  return current.toString() === next.toString();
}
