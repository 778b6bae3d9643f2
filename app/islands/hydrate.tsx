import { type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Marks the document interactive once the island has hydrated: tests wait for it, CSS may use it. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * Hydrates an island in a transition, as React Router's own entry does: React then yields to the
 * browser every few milliseconds instead of holding a phone's main thread for the whole form (a
 * Lighthouse long task on the form pages). The form works as HTML until then.
 */
export function hydrateIsland(container: Element, island: ReactNode) {
  startTransition(() => {
    hydrateRoot(
      container,
      <>
        {island}
        <MarkHydrated />
      </>,
    );
  });
}
