import { z } from "../zod";

/**
 * Staff roles (least privilege). Each role is a set of permissions; the one check is `can`.
 * The service layer asks it (server/services/access.ts) for the REST API, the screens and the
 * CLI alike, and the admin menu shows only the sections whose permission the role has.
 *
 * - owner: everything, including Staff, Privacy, Insights and security settings.
 * - desk: the dashboard, enquiries (read, status, notes, assignment, replies, CSV export), Insights.
 * - editor: the blog (write, schedule, publish, revisions, images), popups and the site's content
 *   (details, opening hours, pages' words, landing pages from blocks); no enquiries and no personal data.
 */
export const ROLES = ["owner", "desk", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The dashboard's overview (order history, enquiry figures). */
  "dashboard",
  /** Enquiries: read, status, notes, assignment, replies, CSV export. */
  "enquiries",
  /** Insights: the site's own aggregate counts and their export. */
  "insights",
  /** The blog: write, schedule, publish, revisions, images. */
  "blog",
  /** The landing page's popups. */
  "popups",
  /** The site's content: company details, opening hours, each page's words and pictures, landing pages from blocks. */
  "site",
  /** Staff: invite, change role, remove, end a colleague's sessions. */
  "staff",
  /** Privacy (UK GDPR): find, export and erase a visitor's data. */
  "privacy",
  /** Security settings: require two-factor sign-in, read the audit log. */
  "security",
  /** Integrations: webhook endpoints, their secrets and delivery log (Owner only). */
  "integrations",
  /** The pipeline's lists: the lost reasons, the price list, the quotes' terms (Owner only). */
  "pipeline-settings",
  /** The free waste review's booking settings: length, buffer, notice, horizon (Owner only). */
  "booking-settings",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  desk: ["dashboard", "enquiries", "insights"],
  editor: ["blog", "popups", "site"],
};

/** Whether `role` may do what `permission` covers. An unknown role may do nothing. */
export function can(role: Role | string | undefined, permission: Permission): boolean {
  return role !== undefined && (ROLE_PERMISSIONS[role as Role]?.includes(permission) ?? false);
}

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", desk: "Desk", editor: "Editor" };

/** What each role is for, said on the Staff screen beside the choice. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including staff, privacy and security settings",
  desk: "Dashboard, enquiries (with replies and CSV export) and insights",
  editor: "Blog, popups and the site's content only; no enquiries or personal data",
};

export const ROLE_MESSAGES = {
  invalidRole: "Choose a role: Owner, Desk or Editor",
  forbidden: (permission: Permission) => `Your role does not allow this (${PERMISSION_LABELS[permission]}).`,
  lastOwner: "At least one Owner must remain",
  ownRole: "You cannot change your own role: ask another Owner",
  roleChanged: (email: string, role: Role) => `${email} is now ${ROLE_LABELS[role]}`,
  notAllowedHeading: "Not allowed",
  backToDashboard: "Back to the dashboard",
} as const;

/** The Staff screen's words about roles. */
export const STAFF_ROLE_TEXTS = {
  role: "Role",
  changeRole: "Change role",
} as const;

export const PERMISSION_LABELS: Record<Permission, string> = {
  dashboard: "Dashboard",
  enquiries: "Enquiries",
  insights: "Insights",
  blog: "Blog",
  popups: "Popups",
  site: "Site",
  staff: "Staff",
  privacy: "Privacy",
  security: "Security settings",
  integrations: "Integrations",
  "pipeline-settings": "Pipeline settings",
  "booking-settings": "Booking settings",
};

export const roleSchema = z.enum(ROLES, { error: ROLE_MESSAGES.invalidRole });
