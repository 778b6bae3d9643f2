import { INBOX_MESSAGES } from "./admin-messages";
import { UUID_SHAPE } from "./blog";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
  type MAIL_STATES,
  STAFF_ENQUIRY_STATUSES,
} from "./constants";
import { z } from "./zod";

/** The enquiries inbox: query and status schemas shared by the API and the admin pages. */

export const INBOX_PAGE_DEFAULT = 50;
export const INBOX_PAGE_MAX = 500;
export const INBOX_SEARCH_MAX = 100;

export const KIND_LABELS: Record<EnquiryKind, string> = {
  quote: "Quote",
  contact: "Contact",
  tankering: "Tankering",
};

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
  spam: "Spam",
};

/**
 * A keyset position: the (created_at, id) of the last row shown and which way to read on.
 * created_at travels as whole microseconds since 1970 (PostgreSQL's precision, which a JS Date
 * would round to milliseconds and so skip or repeat rows created in the same millisecond).
 */
export interface InboxCursor {
  direction: "older" | "newer";
  micros: string;
  id: string;
}

const CURSOR_SHAPE = /^([on])(\d{1,17})_([0-9a-f-]{36})$/i;

export const encodeCursor = (c: InboxCursor) => `${c.direction === "older" ? "o" : "n"}${c.micros}_${c.id}`;

export function decodeCursor(raw: string): InboxCursor | undefined {
  const match = CURSOR_SHAPE.exec(raw);
  if (!match || !UUID_SHAPE.test(match[3])) return undefined;
  return { direction: match[1].toLowerCase() === "o" ? "older" : "newer", micros: match[2], id: match[3] };
}

// PostgreSQL text cannot hold NUL; a search term never needs one. The length counts what is left.
const searchTerm = z
  .string()
  .overwrite((value) => value.replaceAll("\u0000", ""))
  .trim()
  .max(INBOX_SEARCH_MAX, { error: INBOX_MESSAGES.searchTooLong(INBOX_SEARCH_MAX) });

/** Filters of a list or an export: kind, status (absent: every status but spam) and a search term. */
export const inboxFilterSchema = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: INBOX_MESSAGES.invalidKind }).optional(),
  status: z
    .enum(ENQUIRY_STATUSES, { error: INBOX_MESSAGES.invalidStatusFilter })
    .optional()
    .meta({ description: "Absent: every status but spam" }),
  q: searchTerm
    .optional()
    .meta({ description: "Contained in the name, company or business type, e-mail, post code or message" }),
});

export const inboxQuerySchema = inboxFilterSchema.extend({
  cursor: z
    .string()
    .transform((raw, ctx) => {
      const cursor = decodeCursor(raw);
      if (!cursor) ctx.addIssue({ code: "custom", message: INBOX_MESSAGES.invalidCursor });
      return cursor as InboxCursor;
    })
    .optional()
    .meta({ description: "`next` or `newer` of an earlier answer" }),
  limit: z.coerce
    .number({ error: INBOX_MESSAGES.invalidLimit(INBOX_PAGE_MAX) })
    .int({ error: INBOX_MESSAGES.invalidLimit(INBOX_PAGE_MAX) })
    .min(1, { error: INBOX_MESSAGES.invalidLimit(INBOX_PAGE_MAX) })
    .max(INBOX_PAGE_MAX, { error: INBOX_MESSAGES.invalidLimit(INBOX_PAGE_MAX) })
    .default(INBOX_PAGE_DEFAULT),
});

export type InboxFilter = z.infer<typeof inboxFilterSchema>;
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const enquiryStatusInputSchema = z.object(
  { status: z.enum(STAFF_ENQUIRY_STATUSES, { error: INBOX_MESSAGES.invalidStatus }) },
  { error: INBOX_MESSAGES.invalidStatus },
);

/** Wire shapes of the inbox API, also the admin pages' loader data. */
export type MailState = (typeof MAIL_STATES)[number];

/** CONTRACT.md's enquiry, plus where staff are with it. `mail` is null for spam (never mailed). */
export interface EnquiryView {
  _id: string;
  kind: EnquiryKind;
  createdAt: string;
  status: EnquiryStatus;
  statusChangedAt: string | null;
  fields: Record<string, unknown>;
  mail: { state: MailState; attempts: number } | null;
}

export interface EnquiryPage {
  data: EnquiryView[];
  /** Cursor of the next (older) page; null on the last one. */
  next: string | null;
  /** Cursor of the newer page; null on the first one. */
  newer: string | null;
}

/** One enquiry with its mail's whole delivery record. */
export interface EnquiryDetail extends Omit<EnquiryView, "mail"> {
  mail: {
    state: MailState;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    nextAttemptAt: string | null;
  } | null;
}

/** Query-string values without the empty ones (a GET form sends `kind=` for "All kinds"). */
export function queryValues(params: URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  return Object.fromEntries(entries.filter(([, value]) => value !== "" && value !== undefined));
}

/** Who sent an enquiry and for whom, whatever its kind: what a list row and the CSV show. */
export function enquiryVisitor(kind: EnquiryKind, fields: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const contact = kind === "quote" ? ((fields.contact ?? {}) as Record<string, unknown>) : fields;
  return {
    name: text(contact.name),
    email: text(contact.email),
    phone: text(contact.phone),
    /** The company, or for a quote the business type. */
    organisation: text(kind === "quote" ? fields.businessType : fields.company),
  };
}

/** What a list row shows: kind, who, company or business type, when, status (not every field). */
export function inboxRow(enquiry: EnquiryView) {
  const { name, organisation } = enquiryVisitor(enquiry.kind, enquiry.fields);
  const { _id, kind, createdAt, status } = enquiry;
  return { _id, kind, createdAt, status, name, organisation };
}
export type InboxRow = ReturnType<typeof inboxRow>;
