import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Marks the document interactive once the island has hydrated: tests wait for it, CSS may use it. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * Hydrates an island and marks the document once it has. Not in a transition: React's yielding
 * every few milliseconds gave the form pages more Total Blocking Time in Lighthouse, not less
 * (medians 0-31 ms against 2-6 ms for this, alternated in one run: decision 0043).
 */
export function hydrateIsland(container: Element, island: ReactNode) {
  hydrateRoot(
    container,
    <>
      {island}
      <MarkHydrated />
    </>,
  );
}
