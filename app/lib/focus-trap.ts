import { type RefObject, useEffect } from "react";

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `container` while it is mounted, closes on Escape, and gives focus
 * back to whatever had it before (the button that opened the dialog).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, onEscape: () => void) {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = container.current;
    if (!root) return;
    const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const initial = root.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0];
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
      if (event.shiftKey && (active === first || !root?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root?.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [container, onEscape]);
}
