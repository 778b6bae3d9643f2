import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { keepsScroll } from "./scroll-rules";

/** Navigation state a search result carries: the id of the element to scroll to. */
export interface ScrollTargetState {
  scrollTo?: string;
}

export { keepsScroll } from "./scroll-rules";

/**
 * Scroll rules: on entering a page, scroll to the element named in the navigation
 * state, if any; otherwise every page but the quote pages starts at the top.
 */
export function useScrollRules() {
  const location = useLocation();
  // Opening or closing the search overlay changes only the query: that is no new page.
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const target = (location.state as ScrollTargetState | null)?.scrollTo;
    const element = target ? document.getElementById(target) : null;
    if (element) {
      element.scrollIntoView({ block: "start" });
      if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.tabIndex = -1;
      element.focus({ preventScroll: true });
    } else if (
      previousPath.current !== null &&
      previousPath.current !== location.pathname &&
      !keepsScroll(location.pathname)
    ) {
      window.scrollTo(0, 0);
    }
    previousPath.current = location.pathname;
  }, [location]);
}
