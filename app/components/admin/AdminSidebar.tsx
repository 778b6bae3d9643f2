import type { Role } from "@common/staff/roles";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { ThemeSwitch } from "../ThemeSwitch";
import { currentSection, sectionsFor } from "./sections";

/**
 * The dashboard's section links ('Order History', 'Blogs', 'Popups', 'Enquiries'), the current one
 * with `aria-current="page"`, and the theme switch. Used by the desktop sidebar and the phone menu.
 * Links go to the plain section path: moving to another section clears the top-bar search.
 */
export function AdminSectionNav({ onNavigate }: { onNavigate?: () => void }) {
  const current = currentSection(useLocation().pathname);
  // Only the sections the account's role may use (the dashboard shell's loader says which role).
  const role = useRouteLoaderData<{ role: Role }>("routes/admin/dashboard")?.role;
  return (
    <div className="flex flex-1 flex-col gap-6">
      <nav aria-label="Dashboard">
        <ul className="flex flex-col gap-1">
          {(role ? sectionsFor(role) : []).map(({ to, label, icon: Icon }) => {
            const active = to === current;
            return (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={`admin-nav-link ${active ? "is-active" : ""}`}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <span className="mt-auto flex items-center gap-3 px-3 text-sm font-semibold text-muted">
        <ThemeSwitch />
        Dark theme
      </span>
    </div>
  );
}
