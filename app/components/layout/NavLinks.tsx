import { useLocation } from "react-router";
import { isNavLinkActive, NAV_LINKS } from "~/content/navigation";
import { useSiteMenu } from "~/lib/content/site-details";

/**
 * The five header links, then the pages the office added to the main menu (the 'Menu' screen); the
 * current one carries `aria-current="page"` and an underline bar.
 * Plain links: each page is a document of its own, served from the page cache and prerendered
 * when the visitor is about to follow it (docs/decisions/0043-html-first-pages.md).
 */
export function NavLinks({ vertical = false }: { vertical?: boolean }) {
  const { pathname } = useLocation();
  const added = useSiteMenu().main.map((link) => ({ to: link.address, label: link.label, also: [] }));
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {[...NAV_LINKS, ...added].map((link) => {
        const active = isNavLinkActive(link, pathname);
        return (
          <li key={link.to}>
            <a
              href={link.to}
              aria-current={active ? "page" : undefined}
              className={`nav-link ${vertical ? "block px-3 py-3 text-lg" : "px-3 py-2"} ${active ? "is-active" : ""}`}
            >
              {link.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
