import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

export const SEARCH_PARAM = "search";

/** The overlay's own chunk: fetched when a visitor opens search, not with every page. */
export const loadSearchOverlay = () => import("~/components/SearchOverlay");

/** Opening the search overlay adds `?search=` to the current URL. */
export function useOpenSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    void loadSearchOverlay(); // fetched while the URL changes
    navigate(`${pathname}?${SEARCH_PARAM}=`, { preventScrollReset: true });
  }, [navigate, pathname]);
}
