const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `root` until the returned function is called, calls `onEscape` on
 * Escape, and then gives focus back to whatever had it before (the button that opened the dialog).
 * Plain DOM: the admin's React hook (focus-trap.ts) and the page script share it.
 */
export function trapFocus(root: HTMLElement, onEscape: () => void): () => void {
  // A popover with an `autofocus` control has had focus moved in by the browser, which also gives
  // it back when the popover closes: then there is no opener to return to here.
  const focused = document.activeElement as HTMLElement | null;
  const opener = focused && root.contains(focused) ? null : focused;
  const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const initial = root.querySelector<HTMLElement>("[data-autofocus], [autofocus]") ?? focusables()[0];
  initial?.focus();

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !root.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !root.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }
  document.addEventListener("keydown", onKeyDown);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  };
}
