/**
 * The admin area's half of the message catalogue (common/messages.ts holds the visitors' half):
 * SPEC section 8 and every other message office staff read. A module of its own so the public
 * pages never download it.
 */
import { ADMIN_PASSWORD_MIN } from "./constants";

export const BLOG_MESSAGES = {
  metaDataTitle: "Meta data title is missing!",
  title: "Title is missing!",
  readTime: "Read time is missing!",
  createFailed: "Error creating blog; Try again",
  deleteFailed: "Error deleting blog; Try again",
  editFailed: "Error Editing blog; Try again",
  created: "Successfully created blog",
  edited: "Successfully Edited blog",
  deleted: "Successfully Deleted blog",
  /** A picked file that is not a png or jpeg image (SPEC section 5); nothing is kept. */
  imageType: "Images must be png or jpeg: that file was not used",
} as const;

/** The admin blog list's empty states. */
export const BLOG_LIST_TEXT = {
  empty: "No blog available",
  noMatch: (term: string) => `No blog title contains "${term}"`,
} as const;

/** The blog admin's confirmations. */
export const BLOG_DIALOGS = {
  leaveTitle: "Leave this blog?",
  leaveMessage: "Your changes have not been submitted. Leave and discard them?",
  leaveConfirm: "Leave",
  deleteTitle: "Delete this blog?",
  deleteMessage: (title: string) => `"${title}" and its images will be deleted. This cannot be undone.`,
  deleteConfirm: "Delete",
} as const;

export const POPUP_MESSAGES = {
  empty: "Cant submit empty details",
  actionFailed: "Error, Try Again",
  editFailed: "Error Try again",
  activated: "Successfully Activated",
  deactivated: "Successfully Deactivated",
  deleted: "Successfully Deleted",
  edited: "Successfully Edited",
  // DESIGN.md difference 2: SPEC's 'Successfully Activated' here was a copy slip.
  created: "Successfully Created",
} as const;

/** The popup list's empty text (SPEC section 2) and the admin's own: delete question, empty search. */
export const POPUP_ADMIN_TEXTS = {
  none: "No Popup available",
  confirmDeleteTitle: "Delete this popup?",
  confirmDelete: (title: string) => `“${title}” will be deleted for good. This cannot be undone.`,
  noMatch: (term: string) => `No popup matches “${term}”.`,
  notFound: "This popup does not exist any more.",
} as const;

/** "5 minutes": a wait rounded up to whole minutes, at least one. */
function minutesToWait(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** 'Change password' in the admin: the rules, said before and after. */
export const ACCOUNT_MESSAGES = {
  currentMissing: "Enter your current password",
  currentWrong: "The current password is not correct",
  tooShort: (min: number) => `The new password must be at least ${min} characters`,
  /** An administrator's password given to the CLI or ADMIN_PASSWORD (the same rule as the screen's). */
  passwordTooShort: `The password must be at least ${ADMIN_PASSWORD_MIN} characters`,
  tooLong: (max: number) => `The new password must be at most ${max} characters`,
  sameAsCurrent: "The new password must be different from the current one",
  mismatch: "The new password and its confirmation do not match",
  changed: "Password changed. Every other session has been signed out.",
  limited: (retryAfterMs: number) =>
    `Too many wrong current passwords. Please try again in ${minutesToWait(retryAfterMs)}.`,
  unavailable: "Changing the password is unavailable for a moment. Please try again shortly.",
} as const;

export const ADMIN_MESSAGES = {
  invalidLogin: "Invalid Login",
  callFailed: "Error, Try again",
  unauthorised: "Unauthorised",
  ordersUnavailable: "Orders are unavailable for now.",
} as const;

/** The enquiries inbox (admin): its words, labels and API messages. */
export const INBOX_MESSAGES = {
  heading: "Enquiries",
  detailHeading: "Enquiry",
  empty: "No enquiries match.",
  emptyInbox: "No enquiries yet.",
  kindFilter: "Kind",
  statusFilter: "Status",
  allKinds: "All kinds",
  allOpen: "All but spam",
  searchingFor: (q: string) => `Results for “${q}”`,
  nextPage: "Next page",
  newer: "Newer",
  pages: "Pages",
  exportCsv: "Export CSV",
  back: "Back to enquiries",
  received: "Received",
  details: "Submitted details",
  from: (kind: string, name: string) => `${kind} from ${name || "an unnamed visitor"}`,
  status: "Status",
  saveStatus: "Save status",
  statusSaved: "Status saved",
  statusChanged: (when: string) => `Changed ${when}`,
  statusNeverChanged: "Not changed since it arrived",
  spamNote:
    "Caught by the spam trap (a hidden field was filled), so no mail was sent. Set a status to move it into the inbox.",
  mail: "Mail to the office",
  mailState: "Delivery",
  mailAttempts: "Attempts",
  mailLastError: "Last error",
  mailSentAt: "Delivered",
  mailNextAttempt: "Next attempt",
  mailNone: "No mail is sent for spam.",
  mailStates: { pending: "Pending", sent: "Sent", failed: "Failed" },
  retryMail: "Retry now",
  retryQueued: "Mail queued for another try",
  emailVisitor: "Email",
  callVisitor: "Call",
  notFound: "Enquiry not found",
  invalidId: "The enquiry id is not valid",
  invalidKind: "Kind must be one of quote, contact, tankering",
  invalidStatus: "Status must be one of new, contacted, closed",
  invalidStatusFilter: "Status must be one of new, contacted, closed, spam",
  invalidCursor: "The page cursor is not valid; start again from the first page",
  invalidLimit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
  searchTooLong: (max: number) => `Search must be at most ${max} characters`,
  retryNotFailed: "Only a failed mail can be retried",
} as const;

/** Sign-in refusals beyond 'Invalid Login' (server/services/logins.ts). */
export const LOGIN_MESSAGES = {
  limited: (retryAfterMs: number) =>
    `Too many failed login attempts. Please try again in ${minutesToWait(retryAfterMs)}.`,
  busy: "Too many sign-in attempts at once. Please try again in a moment.",
  unavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
};
