import { type RefObject, useEffect } from "react";
import { trapFocus } from "./trap-focus";

/**
 * Keeps keyboard focus inside `container` while it is mounted, closes on Escape, and gives focus
 * back to whatever had it before (the button that opened the dialog).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, onEscape: () => void) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    return trapFocus(root, onEscape);
  }, [container, onEscape]);
}
