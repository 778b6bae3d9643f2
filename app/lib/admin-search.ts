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
