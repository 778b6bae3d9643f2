import { z } from "./zod";

/**
 * The audit log ('Audit log', Owner only: the "security" permission): who did what in the admin,
 * and when. Rows name the colleague who acted and what they acted on (a post's title, a
 * colleague's e-mail, enquiry ids or a count) — never a lead's name, e-mail, phone or message.
 */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_in_failed_two_factor",
  "sign_out",
  "sessions_ended",
  "password_changed",
  "role_changed",
  "invited",
  "invite_withdrawn",
  "invite_accepted",
  "staff_removed",
  "enquiries_exported",
  "privacy_exported",
  "privacy_erased",
  "post_published",
  "post_unpublished",
  "post_deleted",
  "popup_changed",
  "redirect_added",
  "redirect_removed",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "recovery_codes_replaced",
  "passkey_added",
  "passkey_removed",
  "two_factor_required_changed",
  "sudo_confirmed",
  "sudo_failed",
  "spam_settings_changed",
  "webhook_changed",
  "webhook_added",
  "webhook_secret_rotated",
  "webhook_enabled",
  "webhook_disabled",
  "webhook_deleted",
  "webhook_test_sent",
  "webhook_resent",
  "site_content_saved",
  "site_content_published",
  "site_content_scheduled",
  "site_content_schedule_cancelled",
  "site_content_restored",
  "page_created",
  "page_saved",
  "page_published",
  "page_scheduled",
  "page_unpublished",
  "page_deleted",
  "page_restored",
  "enquiry_stage_changed",
  "lost_reasons_changed",
  "price_list_changed",
  "booking_rescheduled",
  "booking_cancelled",
  "booking_reassigned",
  "booking_outcome",
  "booking_blocked",
  "booking_unblocked",
  "booking_settings_changed",
  "booking_reviewers_changed",
  "booking_feed_renewed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_in_failed_two_factor: "Second sign-in step refused",
  sign_out: "Signed out",
  sessions_ended: "Sessions ended",
  password_changed: "Password changed",
  role_changed: "Role changed",
  invited: "Invited",
  invite_withdrawn: "Invitation withdrawn",
  invite_accepted: "Invitation accepted",
  staff_removed: "Colleague removed",
  enquiries_exported: "Enquiries exported (CSV)",
  privacy_exported: "Privacy export",
  privacy_erased: "Privacy erasure",
  post_published: "Post published",
  post_unpublished: "Post unpublished",
  post_deleted: "Post deleted",
  popup_changed: "Popup changed",
  redirect_added: "Redirect added",
  redirect_removed: "Redirect removed",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_code_used: "Recovery code used",
  recovery_codes_replaced: "New recovery codes made",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  two_factor_required_changed: "Two-factor requirement changed",
  sudo_confirmed: "Confirmed it's them (sudo mode)",
  sudo_failed: "Confirmation refused (sudo mode)",
  spam_settings_changed: "Spam settings changed",
  webhook_changed: "Webhook changed",
  webhook_added: "Webhook endpoint added",
  webhook_secret_rotated: "Webhook secret rotated",
  webhook_enabled: "Webhook endpoint enabled",
  webhook_disabled: "Webhook endpoint disabled",
  webhook_deleted: "Webhook endpoint deleted",
  webhook_test_sent: "Webhook test event sent",
  webhook_resent: "Webhook delivery sent again",
  site_content_saved: "Site content saved",
  site_content_published: "Site content published",
  site_content_scheduled: "Site content scheduled",
  site_content_schedule_cancelled: "Site content schedule cancelled",
  site_content_restored: "Site content revision restored",
  page_created: "Page created",
  page_saved: "Page saved",
  page_published: "Page published",
  page_scheduled: "Page scheduled",
  page_unpublished: "Page unpublished",
  page_deleted: "Page deleted",
  page_restored: "Page revision restored",
  enquiry_stage_changed: "Enquiry moved to another stage",
  lost_reasons_changed: "Lost reasons changed",
  price_list_changed: "Price list changed",
  booking_rescheduled: "Review moved",
  booking_cancelled: "Review cancelled",
  booking_reassigned: "Review given to a colleague",
  booking_outcome: "Review marked held or no-show",
  booking_blocked: "Time blocked for reviews",
  booking_unblocked: "Blocked time removed",
  booking_settings_changed: "Booking settings changed",
  booking_reviewers_changed: "Colleagues taking reviews changed",
  booking_feed_renewed: "Bookings calendar feed address renewed",
};

/** Lengths kept: a label longer than this is cut (a post title, an e-mail). */
export const AUDIT_LIMITS = {
  label: 200,
  email: 320,
  /** Rows per page on the screen and the API's default. */
  page: 50,
  pageMax: 200,
  /** Rows are kept this many months (deleted hourly by services/audit.ts). */
  retentionMonths: 24,
} as const;

/** One entry as the screen and the API show it. */
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters: the screen's GET form and GET /api/admin/audit share them. */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The colleague who acted: their e-mail as the entry recorded it. */
  person: z.string().trim().toLowerCase().max(AUDIT_LIMITS.email).optional(),
  /** From this day (UTC, inclusive), YYYY-MM-DD. */
  from: z.string().regex(DATE).optional(),
  /** To this day (UTC, inclusive), YYYY-MM-DD. */
  to: z.string().regex(DATE).optional(),
  /** The keyset cursor: `next` of the previous page. */
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.pageMax).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A query string's filters without the empty ones (a GET form sends every field). */
export function auditQueryValues(params: URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  return Object.fromEntries(
    entries.filter(([, value]) => value !== "" && value !== undefined && value !== null),
  );
}

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_MESSAGES = {
  title: "Audit log",
  intro:
    "Who did what in the admin, newest first. Entries are kept for two years and never hold a lead's details.",
  caption: "Audit log: when, who, what and on what",
  when: "When",
  who: "Who",
  what: "What",
  target: "Target",
  ip: "IP address",
  filters: "Filter the log",
  action: "Action",
  anyAction: "Any action",
  person: "Person (e-mail)",
  from: "From",
  to: "To",
  apply: "Filter",
  clear: "Clear filters",
  older: "Older entries",
  newest: "Newest entries",
  empty: "No entries match.",
  emptyAll: "Nothing recorded yet.",
  unknownActor: "—",
  invalidQuery: "Check the filters: an action from the list, dates as YYYY-MM-DD.",
  /** The Owner's two-factor requirement's entry says which way it went. */
  requirementOn: "Turned on: two-factor sign-in required for every account",
  requirementOff: "Turned off: two-factor sign-in no longer required",
  otherSessions: (n: number) => (n === 1 ? "1 other session" : `${n} other sessions`),
  spamLists: (words: number, domains: number) => `${words} words, ${domains} domains`,
  enquiryCount: (n: number) => (n === 1 ? "1 enquiry" : `${n} enquiries`),
  bookingSettings: (s: {
    lengthMinutes: number;
    bufferMinutes: number;
    noticeDays: number;
    horizonWeeks: number;
  }) =>
    `${s.lengthMinutes} min reviews, ${s.bufferMinutes} min buffer, ${s.noticeDays} days' notice, ${s.horizonWeeks} weeks ahead`,
} as const;
