/** SPEC sections 5 and 8: every message a visitor or administrator reads, defined once. */

export const QUOTE_MESSAGES = {
  businessType: "Select business type (or specify if it's not included above)",
  wasteType: "Input Waste type",
  frequency: "Select Frequency (or specify for other manner of frequency)",
  location: "Input postal code",
  name: "Name is Required",
  email: "Input Email",
  phone: "Input phone number",
  submitFailed: "Error occurred while sending quote, try again",
} as const;

export const CONTACT_MESSAGES = {
  name: "Name is empty",
  email: "Email field is empty",
  company: "Company field is empty",
  phone: "Phone field is empty",
  message: "Message field is empty",
  success: "Message sent successfully",
  failure: "Error Contacting us, try again",
} as const;

export const TANKERING_MESSAGES = {
  name: "Name is empty",
  email: "Email field is empty",
  frequency: "Frequency field is empty",
  phone: "Phone field is empty",
  message: "Message field is empty",
  success: "Request Successful",
  failurePrefix: "Request Failed: ",
} as const;

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

export const API_MESSAGES = {
  notFound: "Not Found",
  internal: "Something went wrong on our side. Please try again.",
  invalidHost: "The Host header is not a valid host name",
  malformedJson: "The request body is not valid JSON",
  malformedUrl: "Bad Request: the address is not a valid URL",
  tooManyRequests: "Too many requests. Please wait a little and try again.",
  crossSite: "Cross-site request refused",
} as const;

export const ERROR_SCREEN_HEADING = "Unexpected Application Error!";
export const SEARCH_PLACEHOLDER = "Search In Page";
export const CONSENT_ACCEPT = "Accept all Cookies";
export const CONSENT_REJECT = "Reject Cookies";

/** Enquiry checks beyond SPEC's required-field messages (DESIGN: server-side format checks). */
export const ENQUIRY_MESSAGES = {
  invalidEmail: "Enter a valid email address, for example name@example.co.uk",
  invalidPostCode: "Enter a valid UK post code, for example PE1 5XG",
  invalidBody: "The enquiry must be a JSON object",
  /** `{field} must be text`, `{field} must be at most {max} characters` */
  notText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

/** Texts of the public blog pages that are not SPEC's (empty list, missing post). */
export const BLOG_PAGE_MESSAGES = {
  empty: "No blog posts yet. Our first articles on organic waste and anaerobic digestion are on their way.",
  notFoundTitle: "Blog post not found",
  notFoundText:
    "We could not find that page of our blog. The post may have been removed, or the link mistyped.",
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
