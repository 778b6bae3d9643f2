import { INBOX_MESSAGES, LEAD_MESSAGES } from "../admin-messages";
import { idSchema } from "../ids";
import { pipelineViewSchema, STAGES, stageFilterSchema } from "../pipeline/stages";
import { withStorableText } from "../text";
import { z } from "../zod";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  MAIL_STATES,
  STAFF_ENQUIRY_STATUSES,
} from "./enquiry-terms";
import { decodeCursor, type InboxCursor } from "./inbox-cursor";
import { leadSourceSchema } from "./lead-source";

/** The enquiries inbox: query and status schemas shared by the API and the admin pages. */

export const INBOX_PAGE_DEFAULT = 50;
export const INBOX_PAGE_MAX = 500;
export const INBOX_SEARCH_MAX = 100;

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
  assigned: z
    .enum(["mine", "none"], { error: LEAD_MESSAGES.invalidAssignedFilter })
    .optional()
    .meta({ description: "mine: assigned to the caller; none: assigned to nobody" }),
  source: searchTerm
    .optional()
    .meta({ description: "The referring domain or utm_source is this (any case)" }),
  stage: stageFilterSchema
    .optional()
    .meta({ description: "The pipeline's stage (common/pipeline/stages.ts); absent: any" }),
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

const NOTE_MAX = 4000;

/** A note on an enquiry: plain text, as staff typed it. */
export const noteInputSchema = z.object(
  {
    text: withStorableText(
      z
        .string({ error: LEAD_MESSAGES.noteEmpty })
        .trim()
        .min(1, { error: LEAD_MESSAGES.noteEmpty })
        .max(NOTE_MAX, { error: LEAD_MESSAGES.noteTooLong(NOTE_MAX) }),
    ),
  },
  { error: LEAD_MESSAGES.noteEmpty },
);

const REPLY_MAX = 10_000;

/** A reply to the visitor: plain text, mailed from the office. */
export const replyInputSchema = z.object(
  {
    text: withStorableText(
      z
        .string({ error: LEAD_MESSAGES.replyEmpty })
        .trim()
        .min(1, { error: LEAD_MESSAGES.replyEmpty })
        .max(REPLY_MAX, { error: LEAD_MESSAGES.replyTooLong(REPLY_MAX) }),
    ),
  },
  { error: LEAD_MESSAGES.replyEmpty },
);

/** 'Assigned to': a colleague's account id, or "" / null for nobody. */
export const assignInputSchema = z.object(
  {
    assignee: z
      .union([z.uuid({ error: LEAD_MESSAGES.noSuchColleague }), z.literal(""), z.null()], {
        error: LEAD_MESSAGES.noSuchColleague,
      })
      .transform((value) => value || null),
  },
  { error: LEAD_MESSAGES.noSuchColleague },
);

export const enquiryStatusInputSchema = z.object(
  { status: z.enum(STAFF_ENQUIRY_STATUSES, { error: INBOX_MESSAGES.invalidStatus }) },
  { error: INBOX_MESSAGES.invalidStatus },
);

/** Wire shapes of the inbox API (its OpenAPI response schemas derive from these), also the admin pages' loader data. */
const mailDeliverySchema = z.object({ state: z.enum(MAIL_STATES), attempts: z.int() });

/** An enquiry as the inbox lists it, with where staff are with it. `mail` is null for spam (never mailed). */
export const enquiryViewSchema = z.object({
  _id: idSchema,
  kind: z.enum(ENQUIRY_KINDS),
  createdAt: z.iso.datetime(),
  status: z.enum(ENQUIRY_STATUSES),
  statusChangedAt: z.iso.datetime().nullable().meta({ description: "null: never changed" }),
  fields: z.record(z.string(), z.unknown()).meta({ description: "As submitted (the form's fields)" }),
  mail: mailDeliverySchema.nullable().meta({ description: "null for spam, which is never mailed" }),
  source: leadSourceSchema
    .nullable()
    .meta({ description: "Where the visit started and came from; null: unknown (or erased)" }),
  stage: z.enum(STAGES).meta({ description: "The pipeline's stage: new, contacted, quoted, won or lost" }),
});

/** A page of the inbox: `next` is the cursor of the older page, `newer` of the newer (null at the ends). */
export const enquiryPageSchema = z.object({
  data: z.array(enquiryViewSchema),
  next: z.string().nullable(),
  newer: z.string().nullable(),
});

/** What staff did to an enquiry: its timeline. */
export const ENQUIRY_EVENT_TYPES = ["status", "note", "assign", "reply", "erased", "stage", "quote"] as const;
export type EnquiryEventType = (typeof ENQUIRY_EVENT_TYPES)[number];

/**
 * One timeline entry, newest first on the enquiry: who did it (null once their account is gone
 * and for the system), when, and what. `data` per type: status {from, to}; note {text};
 * assign {to: the colleague's address, or null}; reply {text}; stage {from, to, and for Lost
 * reason (its id) and note, for Won value (pence, as text) when given}; quote {action: drafted,
 * revised, sent, accepted or declined, number, version, total in pence when sent or accepted}.
 */
export const timelineEntrySchema = z.object({
  id: z.uuid(),
  type: z.enum(ENQUIRY_EVENT_TYPES),
  at: z.iso.datetime(),
  by: z.string().nullable().meta({ description: "The colleague's e-mail address; null: the system" }),
  byId: z.uuid().nullable(),
  data: z.record(z.string(), z.string().nullable()),
  editedAt: z.iso.datetime().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** One enquiry with its mail's whole delivery record. */
export const enquiryDetailSchema = enquiryViewSchema.extend({
  mail: mailDeliverySchema
    .extend({
      lastError: z.string().nullable(),
      sentAt: z.iso.datetime().nullable(),
      nextAttemptAt: z.iso.datetime().nullable(),
    })
    .nullable()
    .meta({ description: "null for spam, which is never mailed" }),
  assignedTo: z
    .object({ id: z.uuid(), email: z.string() })
    .nullable()
    .meta({ description: "'Assigned to': null while nobody is" }),
  timeline: z.array(timelineEntrySchema).meta({ description: "Every change by staff, newest first" }),
  reference: z.string().meta({ description: "The visitor's reference (in their confirmation mail)" }),
  spamReasons: z
    .array(z.string())
    .nullable()
    .meta({ description: "Why the spam check kept it as spam; null: it did not" }),
  pipeline: pipelineViewSchema.meta({ description: "Where it stands in the pipeline" }),
});

export type MailState = (typeof MAIL_STATES)[number];
export type EnquiryView = z.infer<typeof enquiryViewSchema>;
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

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
