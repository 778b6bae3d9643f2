import type { ReactNode } from "react";

/** The rounded 480×320 card every section illustration is drawn in (decorative: hidden from AT). */
export function ArtFrame({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 480 320"
      className="h-auto w-full overflow-hidden rounded-[1.75rem]"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="480" height="320" rx="28" fill="var(--color-surface-2)" />
      {children}
    </svg>
  );
}
