import { KeyRound, LogOut, Menu, Search } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { ADMIN_SEARCH_PARAM } from "~/lib/admin-search";
import { LogoMark } from "../art/LogoMark";
import { inputClass } from "../enquiry/styles";
import { AdminMenu } from "./AdminMenu";
import { ACCOUNT_PATH, DASHBOARD_PATH } from "./sections";

/**
 * The search box writes its term into the current page's `q` parameter, replacing the history
 * entry while typing. Keyed by path by its parent: another section starts with an empty box.
 */
function AdminSearchBox() {
  const [params, setParams] = useSearchParams();
  // Local state: the URL updates a moment after each key, and a lagging controlled value would drop keys.
  const [term, setTerm] = useState(() => params.get(ADMIN_SEARCH_PARAM) ?? "");
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <label htmlFor="admin-search" className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        id="admin-search"
        type="search"
        value={term}
        autoComplete="off"
        placeholder="Search"
        onChange={(event) => {
          const value = event.target.value;
          setTerm(value);
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value) next.set(ADMIN_SEARCH_PARAM, value);
              else next.delete(ADMIN_SEARCH_PARAM);
              return next;
            },
            { replace: true, preventScrollReset: true },
          );
        }}
        className={`${inputClass} h-11 pl-9`}
      />
    </div>
  );
}

/** 'Log out': the dashboard's action revokes the session on the server, then the login screen. */
function LogOutButton() {
  const busy = useNavigation().formAction === DASHBOARD_PATH;
  return (
    <Form method="post" action={DASHBOARD_PATH} replace onSubmit={(event) => busy && event.preventDefault()}>
      <button type="submit" className="btn btn-ghost px-3 sm:px-4" aria-disabled={busy}>
        <LogOut aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">Log out</span>
      </button>
    </Form>
  );
}

/** The dashboard top bar: phone menu button, search, 'Change password' and 'Log out'. */
export function AdminTopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="flex h-[var(--header-h)] items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          className="icon-btn shrink-0 lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <LogoMark className="hidden size-9 shrink-0 sm:block lg:hidden" />
        <AdminSearchBox key={pathname} />
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to={ACCOUNT_PATH}
            aria-current={pathname === ACCOUNT_PATH ? "page" : undefined}
            className="btn btn-ghost px-3 aria-[current=page]:border-brand sm:px-4"
          >
            <KeyRound aria-hidden="true" className="size-5" />
            <span className="sr-only md:not-sr-only">Change password</span>
          </Link>
          <LogOutButton />
        </div>
      </div>
      {menuOpen && <AdminMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
