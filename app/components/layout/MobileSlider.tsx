import { Search, X } from "lucide-react";
import { useCallback, useRef } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { useFocusTrap } from "~/lib/focus-trap";
import { useOpenSearch } from "~/lib/search-param";
import { ThemeSwitch } from "../ThemeSwitch";
import { LogoLink } from "./Navbar";
import { NavLinks } from "./NavLinks";

/**
 * The mobile slider: logo, theme switch, search icon, close icon, the five links and
 * Get a Quote. Choosing a link navigates and closes it; focus stays inside; Escape closes.
 */
export function MobileSlider({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  useFocusTrap(panel, close);
  const openSearch = useOpenSearch();

  // Portalled to <body>: the header's backdrop blur would otherwise confine a fixed panel to it.
  return createPortal(
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="slider-backdrop absolute inset-0 bg-black/60" aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="slider-panel absolute inset-y-0 right-0 flex w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-surface p-5 shadow-2xl"
      >
        <div className="flex items-center justify-between gap-2">
          <LogoLink onNavigate={close} />
          <button type="button" aria-label="Close menu" onClick={close} className="icon-btn" data-autofocus>
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <div className="flex items-center justify-between gap-2 border-y border-border py-3">
          <span className="flex items-center gap-3 text-sm font-semibold text-muted">
            <ThemeSwitch />
            Dark theme
          </span>
          <button
            type="button"
            aria-label="Search"
            className="icon-btn"
            onClick={() => {
              close();
              openSearch();
            }}
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <NavLinks vertical onNavigate={close} />
        </nav>
        <Link to="/quote" onClick={close} className="btn btn-primary mt-auto">
          Get a Quote
        </Link>
      </div>
    </div>,
    document.body,
  );
}
