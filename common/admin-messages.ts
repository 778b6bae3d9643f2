/**
 * The admin area's half of the message catalogue (common/messages.ts holds the visitors' half):
 * the admin screens' outcomes and refusals, and every other message office staff read. A module
 * of its own so the public pages never download it. The blog's messages are in common/content/blog-messages.ts.
 */
import { ADMIN_PASSWORD_MIN } from "./staff/passwords";

export const POPUP_MESSAGES = {
  empty: "Cant submit empty details",
  actionFailed: "Error, Try Again",
  editFailed: "Error Try again",
  activated: "Successfully Activated",
  deactivated: "Successfully Deactivated",
  deleted: "Successfully Deleted",
  edited: "Successfully Edited",
  // Not 'Successfully Activated': creating a popup does not activate it.
  created: "Successfully Created",
} as const;

/** The popup list's texts: no popups at all, the delete question, a search that matches none. */
export const POPUP_ADMIN_TEXTS = {
  none: "No Popup available",
  confirmDeleteTitle: "Delete this popup?",
  confirmDelete: (title: string) => `“${title}” will be deleted for good. This cannot be undone.`,
  noMatch: (term: string) => `No popup matches “${term}”.`,
  notFound: "This popup does not exist any more.",
} as const;

/** What every admin table says of itself (app/components/admin/DataTable.tsx). */
export const TABLE_MESSAGES = {
  /** The name of the frame a wide table scrolls in. */
  region: (table: string) => `${table}, table`,
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
  /** The CLI's refusals. */
  exists: (email: string) => `An administrator ${email} already exists`,
  noSuchAccount: (email: string) => `No administrator ${email}`,
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

/** Sign-in refusals beyond 'Invalid Login' (server/services/staff/sign-ins.ts). */
export const SIGN_IN_MESSAGES = {
  signedIn: "Login successful",
  limited: (retryAfterMs: number) =>
    `Too many failed login attempts. Please try again in ${minutesToWait(retryAfterMs)}.`,
  busy: "Too many sign-in attempts at once. Please try again in a moment.",
  unavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
};

/** 'Staff': colleagues' accounts, invitations and removal. */
export const STAFF_MESSAGES = {
  heading: "Staff",
  intro:
    "Each account has a role: Owner, Desk or Editor. Invite a colleague with the role they need and they set their own password.",
  accounts: "Accounts",
  invites: "Invitations waiting",
  inviteHeading: "Invite a colleague",
  email: "Email",
  invite: "Send invitation",
  invited: (email: string) => `Invitation sent to ${email}`,
  invalidEmail: "Enter the colleague's e-mail address",
  exists: "That e-mail address already has an account",
  you: "You",
  created: "Added",
  lastSignIn: "Last sign-in",
  neverSignedIn: "Never",
  expires: "Link valid until",
  remove: "Remove",
  removeTitle: "Remove this account?",
  removeMessage: (email: string) => `${email} will be signed out at once and can no longer sign in.`,
  removed: (email: string) => `${email} was removed`,
  removeSelf: "You cannot remove your own account: ask a colleague",
  notFound: "That account does not exist any more",
  inviteInvalid: "This invitation link is not valid any more. Ask a colleague for a new one.",
  inviteSenderCannotInvite:
    "This invitation was withdrawn: the colleague who sent it can no longer invite. Ask an Owner for a new one.",
  /** Said after a role change that took the right to invite: their pending invitations went with it. */
  invitesWithdrawnWithRole: (n: number) =>
    n === 1 ? "The invitation they sent was withdrawn." : `The ${n} invitations they sent were withdrawn.`,
  withdraw: "Withdraw",
  withdrawTitle: "Withdraw this invitation?",
  withdrawMessage: (email: string) => `The link sent to ${email} will stop working at once.`,
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn`,
  inviteNotFound: "That invitation is not waiting any more",
  setPasswordHeading: "Set your password",
  setPasswordIntro: (email: string) => `You were invited to the website's admin as ${email}.`,
  setPassword: "Set password and sign in",
} as const;

/** The lead desk on an enquiry: its timeline, notes and 'Assigned to'. */
export const LEAD_MESSAGES = {
  timeline: "Timeline",
  timelineEmpty: "Nothing done yet.",
  system: "The system",
  statusChanged: (from: string, to: string) => `Status ${from} → ${to}`,
  assignedTo: "Assigned to",
  nobody: "Nobody",
  assigned: (email: string | null) => (email ? `Assigned to ${email}` : "Unassigned"),
  assignSaved: "Assignment saved",
  saveAssignment: "Save assignment",
  noSuchColleague: "Choose a colleague from the list",
  note: "Note",
  addNote: "Add note",
  noteAdded: "Note added",
  noteSaved: "Note saved",
  editNote: "Edit note",
  saveNote: "Save note",
  cancel: "Cancel",
  noteEmpty: "Write the note first",
  noteTooLong: (max: number) => `A note is at most ${max} characters`,
  notYourNote: "Only its author can edit a note",
  noteNotFound: "That note does not exist",
  erasedNotes: "This enquiry was erased: its notes can no longer be added or changed",
  edited: (when: string) => `edited ${when}`,
  mine: "Mine",
  unassigned: "Unassigned",
  everyone: "Anyone",
  assignedFilter: "Assigned",
  invalidAssignedFilter: "Assigned must be mine or none",
  replied: "Reply sent to the visitor",
  reply: "Reply to the visitor",
  replyHint: "Plain text, sent by e-mail from the office's address and kept in the timeline.",
  replyTo: (email: string) => `It goes to ${email}.`,
  sendReply: "Send reply",
  replyQueued: "Reply queued for sending",
  replyEmpty: "Write the reply first",
  replyTooLong: (max: number) => `A reply is at most ${max} characters`,
  noAddress: "This enquiry has no e-mail address to reply to",
} as const;

/** Each lead's source (issue 31): the enquiry page's section and the inbox's filter. */
export const LEAD_SOURCE_MESSAGES = {
  heading: "Source",
  unknown:
    "Not known: the form was sent without the visit's details (no JavaScript, or the browser asks not to be tracked).",
  filter: "Source",
  filterLabel: "Referring domain or utm_source",
  filterHint: "For example google.com or newsletter",
  apply: "Filter",
  anySource: "Any source",
  filterBy: (value: string) => `Show enquiries from ${value}`,
} as const;

/** Spam caught without a third party (issue 31): the 'Spam' screen, the reasons and 'Not spam'. */
export const SPAM_MESSAGES = {
  heading: "Spam",
  intro:
    "Enquiries scoring too high on these checks are kept as Spam with the reasons: never mailed, never sent on. 'Not spam' on the enquiry moves it to the inbox and sends what it should have sent.",
  words: "Disallowed words and phrases",
  wordsHint: "One a line, any case; a whole word or phrase in the message, name or company.",
  domains: "Disallowed domains",
  domainsHint: "One a line, e.g. spam.example: e-mail addresses and links on them.",
  save: "Save",
  saved: "Spam settings saved",
  invalidSettings: "Send words and domains as lists of text",
  invalidDomain: "Each domain must look like example.com",
  entryTooLong: (max: number) => `Each entry is at most ${max} characters`,
  tooMany: (max: number) => `At most ${max} entries a list`,
  reasons: "Why it was caught",
  notSpam: "Not spam",
  honeypot: "The hidden field that people never see was filled",
  noToken: "No form token (sent without the page's form)",
  badToken: "The form token is not one of ours",
  tooFast: (ms: number) => `Sent ${(ms / 1000).toFixed(1)} s after the form was shown`,
  filledInstantly: (seconds: number) =>
    `Every field filled and sent within ${seconds} s of the page being served: nobody types that fast`,
  expired: "The form token had expired",
  reused: "The form token was already used",
  nameLink: "A link or markup in the name",
  onlyLinks: "The message is only links",
  manyLinks: (n: number) => `The message has ${n} links`,
  link: "The message has a link",
  otherScript: "The message is written mostly in a script other than the Latin alphabet",
  notBrowser: "A form token sent without a browser's headers (a script, not the page)",
  word: (word: string) => `Disallowed word: ${word}`,
  /** The kinds of pitch and notice of server/services/leads/spam-content.ts, named in a reason. */
  pitchKinds: {
    leads: "leads or appointments offered",
    search: "search rankings or reviews offered",
    marketing: "marketing, links or finance offered",
    website: "a website offered",
    notice: "a domain, listing or account notice",
  },
  pitch: (kinds: string[]) => `Reads like a sales pitch or a fake notice (${kinds.join("; ")})`,
  pitchMore: (n: number) => `${n} phrases of a pitch or notice`,
  vendorWords: (words: string[]) => `A seller's words: ${words.join(", ")}`,
  noRequest: "Asks for none of our services (no collection, tanker, quote or price)",
  /** The kinds of salesman's or scammer's voice of spam-content.ts (SALES_VOICE). */
  voice: {
    yourBusiness: "Talks of our website, domain, listing or sales as a salesman does",
    offer: "Offers the business a service (we specialise in…, our callers can…)",
    ask: "A salesman's ask (worth a chat?, can I send pricing?, reply YES…)",
    threat: "A threat or a deadline (will be deleted, final reminder, failure to…)",
    payment: "Asks for a fee or a payment",
  },
  domain: (domain: string) => `Disallowed domain: ${domain}`,
  rate: (n: number) => `Enquiry ${n} from the same client within 10 minutes`,
  score: (score: number, threshold: number) => `Score ${score} (spam from ${threshold})`,
} as const;
