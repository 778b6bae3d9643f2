import { Menu, Search } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { useOpenSearch } from "~/lib/search-param";
import { Logo } from "../art/LogoMark";
import { ThemeSwitch } from "../ThemeSwitch";
import { NavLinks } from "./NavLinks";

/**
 * The mobile slider's own chunk (with its focus trap): most visits never open it, so it is fetched
 * when the visitor reaches for the menu button (pointer or keyboard), not with every page.
 */
const loadMobileSlider = () => import("./MobileSlider");
const MobileSlider = lazy(() => loadMobileSlider().then((module) => ({ default: module.MobileSlider })));

/** The logo goes home, except on admin paths. */
export function LogoLink({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  if (pathname.includes("admin")) return <Logo />;
  return (
    <Link to="/" onClick={onNavigate} className="rounded-lg">
      <Logo />
    </Link>
  );
}

export function Navbar() {
  const [sliderOpen, setSliderOpen] = useState(false);
  const openSearch = useOpenSearch();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="container-page flex h-[var(--header-h)] items-center justify-between gap-4">
        <LogoLink />
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks />
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            <ThemeSwitch />
          </div>
          <button type="button" aria-label="Search" onClick={openSearch} className="icon-btn">
            <Search aria-hidden="true" className="size-5" />
          </button>
          <Link to="/quote" className="btn btn-primary hidden sm:inline-flex">
            Get a Quote
          </Link>
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={sliderOpen}
            onPointerEnter={loadMobileSlider}
            onPointerDown={loadMobileSlider}
            onFocus={loadMobileSlider}
            onClick={() => setSliderOpen(true)}
            className="icon-btn lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
      {sliderOpen && (
        <Suspense>
          <MobileSlider onClose={() => setSliderOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
