import { X } from "lucide-react";
import { PageThemeSwitch } from "../ThemeSwitch";
import { MOBILE_MENU_ID } from "./mobile-menu-id";
import { LogoLink } from "./Navbar";
import { NavLinks } from "./NavLinks";
import { SearchButton } from "./SearchButton";

/**
 * The mobile slider: logo, theme switch, search icon, close icon, the five links and Get a Quote.
 * A popover in the page's HTML: 'Open menu' and 'Close menu' open and close it without JavaScript
 * (as do Escape and a press outside it), moving focus to 'Close menu' as it opens and back to
 * 'Open menu' as it closes; the page script keeps focus inside while it is open
 * (app/page-script/menu.ts).
 */
export function MobileSlider() {
  return (
    <div
      id={MOBILE_MENU_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="slider-panel w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-surface p-5 shadow-2xl open:flex lg:hidden"
    >
      <div className="flex items-center justify-between gap-2">
        <LogoLink />
        <button
          type="button"
          aria-label="Close menu"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          className="icon-btn"
          // biome-ignore lint/a11y/noAutofocus: in a popover it moves focus only when the visitor opens the menu (the browser's popover focusing steps), with or without JavaScript.
          autoFocus
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <div className="flex items-center justify-between gap-2 border-y border-border py-3">
        <span className="flex items-center gap-3 text-sm font-semibold text-muted">
          <PageThemeSwitch />
          Dark theme
        </span>
        <SearchButton />
      </div>
      <nav aria-label="Mobile">
        <NavLinks vertical />
      </nav>
      <a href="/quote" className="btn btn-primary mt-auto">
        Get a Quote
      </a>
    </div>
  );
}
