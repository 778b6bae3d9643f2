/** The header links; `also` lists other paths on which the link shows as current. */
export const NAV_LINKS = [
  { to: "/", label: "Home", also: [] },
  { to: "/about", label: "About Us", also: [] },
  { to: "/services", label: "Services", also: ["/services/2"] },
  { to: "/sustainability", label: "Sustainability", also: [] },
  { to: "/contact", label: "Contact Us", also: ["/contact/2"] },
] as const;

/** The footer's six links. */
export const FOOTER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About us" },
  { to: "/sustainability", label: "Sustainability" },
  { to: "/services", label: "Services" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact us" },
] as const;

/** True when `pathname` is the link's page or one of its `also` pages. */
export function isNavLinkActive(link: { to: string; also: readonly string[] }, pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === link.to || link.also.includes(path);
}
