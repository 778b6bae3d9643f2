import { ADMIN_MESSAGES } from "@common/admin-messages";
import { ROLE_MESSAGES } from "@common/staff/roles";
import {
  isRouteErrorResponse,
  Outlet,
  redirect,
  type ShouldRevalidateFunction,
  useLocation,
  useNavigation,
} from "react-router";
import { AdminSectionNav } from "~/components/admin/AdminSidebar";
import { AdminTopBar } from "~/components/admin/AdminTopBar";
import { Loading } from "~/components/admin/Loading";
import { DASHBOARD_PATH } from "~/components/admin/sections";
import { pageHeadingClass } from "~/components/admin/styles";
import { Logo } from "~/components/art/LogoMark";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { isSearchOnlyChange } from "~/lib/admin-search";
import { requireAdmin, signOut } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/dashboard";

export const meta = adminMeta("Dashboard");
export const headers = adminHeaders;

/** The admin guard: no dashboard screen renders without a live session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, undefined, "profile");
  return { email: admin.email, role: admin.role };
}

/** The top bar's 'Log out' (the shell's only write): the session ends, then the login screen. */
export async function action({ request, context }: Route.ActionArgs) {
  throw redirect("/admin", { headers: { "Set-Cookie": await signOut(request, context) } });
}

// The session is checked again on every move to another screen (and after every action), so an
// ended session sends the administrator to /admin; typing in the search box needs no check.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (isSearchOnlyChange(currentUrl, nextUrl)) return false;
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
};

/**
 * A screen the account's role may not use (a direct URL): the refusal's message from the
 * catalogue (common/staff/roles.ts), never the data, and the way back to the dashboard.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-4 px-6 py-24">
      <h1 className={pageHeadingClass}>
        {refused ? ROLE_MESSAGES.notAllowedHeading : ADMIN_MESSAGES.callFailed}
      </h1>
      {refused && <p className="text-lg">{String(error.data)}</p>}
      <p>
        <a className="underline" href={DASHBOARD_PATH}>
          {ROLE_MESSAGES.backToDashboard}
        </a>
      </p>
    </main>
  );
}

/** While another admin screen loads (a slow connection), the shell says so at once. */
function NavigationStatus() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname === pathname) return null;
  return (
    <Loading className="admin-navigation-status fixed right-4 bottom-4 z-[60] rounded-full border border-border bg-surface px-4 py-2 shadow-lg" />
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const navigating = useNavigation().state === "loading";
  return (
    <div className="flex min-h-screen flex-1">
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-brand px-4 py-2 font-bold text-on-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The sidebar's background and border run the page's full height (the column stretches with
          the content); its links stay in view (sticky, one screen high), and scroll within it when
          the sections are more than a short screen holds (1280 x 800 reached no further than 'Staff'). */}
      <div
        data-testid="admin-sidebar"
        className="hidden w-64 shrink-0 border-r border-border bg-surface lg:block"
      >
        <aside className="sticky top-0 flex h-screen flex-col gap-8 overflow-y-auto p-4">
          {/* Inside the admin the logo is not a link. */}
          <div className="px-2 pt-2">
            <Logo />
          </div>
          <AdminSectionNav />
          {/* The address on a line of its own: cut only when it is longer than the sidebar. */}
          <p className="px-3 text-xs text-muted">
            Signed in as
            <span className="block truncate font-semibold text-text" title={loaderData.email}>
              {loaderData.email}
            </span>
          </p>
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopBar />
        <main
          id="main"
          tabIndex={-1}
          aria-busy={navigating}
          className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8"
        >
          <NavigationStatus />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
