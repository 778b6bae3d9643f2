import { Link, useLocation } from "react-router";
import { isNavLinkActive, NAV_LINKS } from "~/content/navigation";

/** The five header links; the current one carries `aria-current="page"` and an underline bar. */
export function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {NAV_LINKS.map((link) => {
        const active = isNavLinkActive(link, pathname);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
              className={`nav-link ${vertical ? "block px-3 py-3 text-lg" : "px-3 py-2"} ${active ? "is-active" : ""}`}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
