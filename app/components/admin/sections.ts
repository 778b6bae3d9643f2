import { can, type Permission, type Role } from "@common/staff/roles";
import {
  CalendarCheck,
  ChartColumn,
  ClipboardList,
  Columns3,
  FileText,
  Globe,
  Inbox,
  LayoutTemplate,
  type LucideIcon,
  MessageSquareText,
  Newspaper,
  Plug,
  ReceiptText,
  ScrollText,
  ShieldBan,
  ShieldCheck,
  Signpost,
  Users,
} from "lucide-react";

export const DASHBOARD_PATH = "/admin/dashboard";
export const ACCOUNT_PATH = `${DASHBOARD_PATH}/account`;

/**
 * The dashboard sidebar, in order: every admin section with its path, icon and the permission
 * (common/staff/roles.ts) its screens need.
 */
export const ADMIN_SECTIONS: readonly {
  to: string;
  label: string;
  icon: LucideIcon;
  permission: Permission;
}[] = [
  { to: DASHBOARD_PATH, label: "Order History", icon: ClipboardList, permission: "dashboard" },
  { to: `${DASHBOARD_PATH}/blog`, label: "Blogs", icon: Newspaper, permission: "blog" },
  { to: `${DASHBOARD_PATH}/popups`, label: "Popups", icon: MessageSquareText, permission: "popups" },
  { to: `${DASHBOARD_PATH}/site`, label: "Site", icon: Globe, permission: "site" },
  { to: `${DASHBOARD_PATH}/pages`, label: "Pages", icon: FileText, permission: "site" },
  { to: `${DASHBOARD_PATH}/landing-pages`, label: "Landing pages", icon: LayoutTemplate, permission: "site" },
  { to: `${DASHBOARD_PATH}/redirects`, label: "Redirects", icon: Signpost, permission: "site" },
  { to: `${DASHBOARD_PATH}/enquiries`, label: "Enquiries", icon: Inbox, permission: "enquiries" },
  { to: `${DASHBOARD_PATH}/pipeline`, label: "Pipeline", icon: Columns3, permission: "enquiries" },
  // The Owner edits them; the Desk reads them (the quote's lines and the Lost reasons).
  {
    to: `${DASHBOARD_PATH}/pipeline-settings`,
    label: "Price list and reasons",
    icon: ReceiptText,
    permission: "enquiries",
  },
  { to: `${DASHBOARD_PATH}/bookings`, label: "Bookings", icon: CalendarCheck, permission: "enquiries" },
  { to: `${DASHBOARD_PATH}/spam`, label: "Spam", icon: ShieldBan, permission: "enquiries" },
  { to: `${DASHBOARD_PATH}/insights`, label: "Insights", icon: ChartColumn, permission: "insights" },
  { to: `${DASHBOARD_PATH}/staff`, label: "Staff", icon: Users, permission: "staff" },
  { to: `${DASHBOARD_PATH}/audit`, label: "Audit log", icon: ScrollText, permission: "security" },
  { to: `${DASHBOARD_PATH}/privacy`, label: "Privacy", icon: ShieldCheck, permission: "privacy" },
  { to: `${DASHBOARD_PATH}/integrations`, label: "Integrations", icon: Plug, permission: "integrations" },
];

/** The sections the role may use: the menu shows only these. */
export const sectionsFor = (role: Role) => ADMIN_SECTIONS.filter((section) => can(role, section.permission));

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
