import { MOBILE_MENU_ID } from "~/components/layout/mobile-menu-id";
import { trapFocus } from "~/lib/trap-focus";

/**
 * The phone menu is a popover that opens and closes without JavaScript; while it is open the page
 * script keeps focus inside it (Escape closes it) and then gives focus back to 'Open menu'.
 */
export function enhanceMenu() {
  const menu = document.getElementById(MOBILE_MENU_ID);
  if (!menu) return;
  let release: (() => void) | undefined;
  const hide = () => {
    if (menu.matches(":popover-open")) menu.hidePopover();
  };
  menu.addEventListener("toggle", (event) => {
    release?.();
    release = (event as ToggleEvent).newState === "open" ? trapFocus(menu, hide) : undefined;
  });
}

/** Closes the phone menu (its Search opens the search overlay in its place). */
export function closeMenu() {
  const menu = document.getElementById(MOBILE_MENU_ID);
  if (menu?.matches(":popover-open")) menu.hidePopover();
}
