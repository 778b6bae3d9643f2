import { normalEmail } from "../text";
import { z } from "../zod";
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from "./enquiry-terms";

/** The UK GDPR tools: the 'Privacy' screen's words, and what an erased enquiry keeps. */
export const PRIVACY_MESSAGES = {
  title: "Privacy",
  lead: "Find every enquiry of an e-mail address, export them, or erase them (UK GDPR).",
  emailLabel: "Visitor's e-mail address",
  find: "Find enquiries",
  none: (email: string) => `No enquiries from ${email}.`,
  found: (count: number, email: string) => `${count} ${count === 1 ? "enquiry" : "enquiries"} from ${email}`,
  received: "Received",
  kind: "Kind",
  status: "Status",
  open: "Open",
  exportJson: "Export JSON",
  exportCsv: "Export CSV",
  erase: "Erase",
  eraseTitle: "Erase these enquiries?",
  eraseBody: (count: number, email: string) =>
    `The name, e-mail address, phone number and message of ${count} ${count === 1 ? "enquiry" : "enquiries"} from ${email} are removed, with their mail copies and the text of their notes and replies. This cannot be undone.`,
  erased: (count: number) => `${count} ${count === 1 ? "enquiry" : "enquiries"} erased.`,
  emailInvalid: "Enter a valid e-mail address.",
  /** What is left of a note's or a reply's text once erased. */
  tombstone: "[erased]",
  /** The timeline entry an erasure leaves. */
  erasedEvent: "Personal data erased",
} as const;

/** Closed and spam enquiries are erased this many months after they arrived (0 = kept). */
export const ENQUIRY_RETENTION_DEFAULT_MONTHS = 24;

/** The 'Privacy' screen's search, its exports and its erasure: one visitor's e-mail address. */
export const privacyEmailSchema = z
  .string({ error: PRIVACY_MESSAGES.emailInvalid })
  .max(254, { error: PRIVACY_MESSAGES.emailInvalid })
  .transform(normalEmail)
  .pipe(z.email({ error: PRIVACY_MESSAGES.emailInvalid }));

export const PRIVACY_EXPORT_FORMATS = ["json", "csv"] as const;

/** `POST /api/admin/privacy/lookup`: the address travels in the body, never in a URL or a log line. */
export const privacyLookupSchema = z.object({ email: privacyEmailSchema });

/** What the lookup answers: each enquiry of the address, without its fields. */
export const privacyFoundSchema = z.array(
  z.object({
    _id: z.uuid(),
    kind: z.enum(ENQUIRY_KINDS),
    createdAt: z.iso.datetime(),
    status: z.enum(ENQUIRY_STATUSES),
  }),
);
