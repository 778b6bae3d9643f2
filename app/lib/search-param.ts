import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

export const SEARCH_PARAM = "search";

/** Opening the search overlay adds `?search=` to the current URL (SPEC section 2). */
export function useOpenSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    () => navigate(`${pathname}?${SEARCH_PARAM}=`, { preventScrollReset: true }),
    [navigate, pathname],
  );
}
