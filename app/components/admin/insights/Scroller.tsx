import type { ReactNode } from "react";

/**
 * A table's frame: on a narrow screen a wide table scrolls sideways inside it, and a region that
 * scrolls must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={`${label}, table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take keyboard focus
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand"
    >
      {children}
    </section>
  );
}
