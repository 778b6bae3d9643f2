/** Shared form styling on the design tokens; visible focus everywhere. */
export const inputClass =
  "w-full rounded-md border border-border bg-bg px-3 py-2 text-text placeholder:text-muted " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand";

export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand px-5 py-2.5 font-semibold text-on-brand " +
  "hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand " +
  "disabled:cursor-wait disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md border border-border px-5 py-2.5 font-semibold text-text " +
  "hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** Off-screen trap for bots; people and assistive technology never reach it. */
export const honeypotClass = "absolute -left-[10000px] top-auto size-px overflow-hidden";
