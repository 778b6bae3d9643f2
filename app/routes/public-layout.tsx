import { NavLink, Outlet } from "react-router";
import { COMPANY } from "~/content/company";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/sustainability", label: "Sustainability" },
  { to: "/contact", label: "Contact Us" },
];

/** Public shell: header navigation, the page, footer. */
export default function PublicLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">
        Skip to content
      </a>
      <header className="border-b border-border">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap gap-4 px-6 py-4">
          <NavLink to="/" className="font-bold">
            {COMPANY.name}
          </NavLink>
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"}>
              {link.label}
            </NavLink>
          ))}
          <NavLink to="/quote">Get a Quote</NavLink>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-6 py-12">
        <Outlet />
      </main>
      <footer className="border-t border-border px-6 py-8 text-sm text-muted">
        {COMPANY.name}, {COMPANY.address.locality}, {COMPANY.address.country}
      </footer>
    </>
  );
}
