import { Menu } from "lucide-react";
import { useLocation } from "react-router";
import { Logo } from "../art/LogoMark";
import { PageThemeSwitch } from "../ThemeSwitch";
import { MobileSlider } from "./MobileSlider";
import { MOBILE_MENU_ID } from "./mobile-menu-id";
import { NavLinks } from "./NavLinks";
import { SearchButton } from "./SearchButton";

/** The logo goes home, except on admin paths. */
export function LogoLink() {
  const { pathname } = useLocation();
  if (pathname.includes("admin")) return <Logo />;
  return (
    <a href="/" className="rounded-lg">
      <Logo />
    </a>
  );
}

/**
 * The public header: HTML that works without JavaScript (links, GET search form, the menu as a
 * popover); the page script (app/page-script) adds the rest on every public page, with or without
 * React. docs/decisions/0043-html-first-pages.md.
 */
export function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="container-page flex h-[var(--header-h)] items-center justify-between gap-4">
        <LogoLink />
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks />
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            <PageThemeSwitch />
          </div>
          <SearchButton />
          <a href="/quote" className="btn btn-primary hidden sm:inline-flex">
            Get a Quote
          </a>
          <button
            type="button"
            aria-label="Open menu"
            popoverTarget={MOBILE_MENU_ID}
            className="icon-btn lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
      <MobileSlider />
    </header>
  );
}
