import {
  ChartColumn,
  ClipboardList,
  Inbox,
  type LucideIcon,
  MessageSquareText,
  Newspaper,
  ShieldCheck,
  Users,
} from "lucide-react";

export const DASHBOARD_PATH = "/admin/dashboard";
export const ACCOUNT_PATH = `${DASHBOARD_PATH}/account`;

/** The dashboard sidebar, in order: every admin section with its path and icon. */
export const ADMIN_SECTIONS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: DASHBOARD_PATH, label: "Order History", icon: ClipboardList },
  { to: `${DASHBOARD_PATH}/blog`, label: "Blogs", icon: Newspaper },
  { to: `${DASHBOARD_PATH}/popups`, label: "Popups", icon: MessageSquareText },
  { to: `${DASHBOARD_PATH}/enquiries`, label: "Enquiries", icon: Inbox },
  { to: `${DASHBOARD_PATH}/insights`, label: "Insights", icon: ChartColumn },
  { to: `${DASHBOARD_PATH}/staff`, label: "Staff", icon: Users },
  { to: `${DASHBOARD_PATH}/privacy`, label: "Privacy", icon: ShieldCheck },
];

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The section a dashboard path belongs to. The index and every unmatched path show the orders
 * screen, so they belong to 'Order History'; the account screen belongs to none.
 */
export function currentSection(pathname: string): string | undefined {
  if (within(pathname, ACCOUNT_PATH)) return undefined;
  const section = ADMIN_SECTIONS.slice(1).find((s) => within(pathname, s.to));
  return (section ?? ADMIN_SECTIONS[0]).to;
}
