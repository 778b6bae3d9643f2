import { idSchema } from "../ids";
import { withStorableText } from "../text";
import { z } from "../zod";
import {
  FULL_BASIS_POINTS,
  MAX_QUANTITY_THOUSANDTHS,
  MAX_QUOTE_LINES,
  MAX_UNIT_PRICE_PENCE,
  QUOTE_UNITS,
  VAT_RATES,
} from "./money";

/**
 * Priced quotes (issue 49): drafted from an enquiry, sent to the customer as a signed link, and
 * accepted or declined there. A quote keeps its number (Q-2026-0001) through its versions: a
 * revision is version n + 1 and supersedes the one before, which stays readable but can no
 * longer be answered. The money is common/pipeline/money.ts's, worked out once.
 */
export const QUOTE_STATES = ["draft", "sent", "accepted", "declined", "superseded", "expired"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  draft: "Draft",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  superseded: "Superseded",
  expired: "Expired",
};

export const QUOTE_LIMITS = {
  description: 200,
  terms: 10_000,
  name: 120,
  declineReason: 1000,
  services: 200,
  /** Days a quote is valid for unless staff choose another date. */
  validDays: 30,
  /** The furthest ahead a validity date may be. */
  maxValidDays: 366,
} as const;

/** The terms a new quote starts with (staff may change them on each quote; each quote keeps its own). */
export const DEFAULT_QUOTE_TERMS =
  "Prices are for the collections, loads, tonnes or hours listed. Waste must be as described in the " +
  "enquiry; contaminated loads may be charged at the rate for the waste found. We will confirm the first " +
  "collection date when you accept. Payment is due within 30 days of each invoice.";

export const QUOTE_MESSAGES = {
  noLines: "Add at least one line",
  tooManyLines: `A quote has at most ${MAX_QUOTE_LINES} lines`,
  description: `Describe each line (at most ${QUOTE_LIMITS.description} characters)`,
  quantity: "Each quantity is more than 0, to at most 3 decimal places",
  unit: "Choose a unit: per collection, per tonne, per load or per hour",
  unitPrice: "Each unit price is £0.00 or more, in whole pence",
  vatRate: "Choose VAT at 20% or zero-rated",
  discount: "A discount is a percentage (0 to 100%) or an amount no more than the subtotal",
  validUntil: "Choose a date the quote is valid until, from today to a year ahead",
  terms: `The terms are at most ${QUOTE_LIMITS.terms} characters`,
  unknownService: "Choose a service from the price list",
  notFound: "No such quote",
  notDraft: "Only a draft can be changed or sent: revise the quote instead",
  accepted: "This quote was accepted: it is the company's record and cannot be revised",
  superseded: "This quote was replaced by a newer version: revise the newest",
  noAddress: "The enquiry has no e-mail address to send the quote to",
  spam: "Mark the enquiry not spam before quoting it",
  erased: "The enquiry was erased: it cannot be quoted",
  // The customer's page.
  linkRefused: "This link is not valid. Ask us for a new one.",
  answeredAccepted: "This quote has already been accepted. Thank you.",
  answeredDeclined: "This quote was declined. Ask us if you would like a new one.",
  supersededCustomer: "This quote has been replaced by a newer version: use the link in our latest e-mail.",
  expiredCustomer: "This quote has expired. Ask us for a new one.",
  nameRequired: "Type your name to accept",
  nameTooLong: `Your name is at most ${QUOTE_LIMITS.name} characters`,
  acceptRequired: "Tick 'I accept these terms' to accept",
  declineReasonTooLong: `The reason is at most ${QUOTE_LIMITS.declineReason} characters`,
  serviceName: "Give the service a name (at most 120 characters)",
  tooManyServices: `The price list holds at most ${QUOTE_LIMITS.services} services`,
  serviceNotFound: "No such service",
  // Mail.
  sentSubject: (number: string) => `Your quote ${number}`,
  acceptedSubject: (number: string, version: number) => `Quote ${number} (version ${version}) accepted`,
  declinedSubject: (number: string, version: number) => `Quote ${number} (version ${version}) declined`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A line as staff send it: a quantity in thousandths, a unit price in pence (never a float). */
export const quoteLineInputSchema = z.object({
  serviceId: idSchema.optional().meta({ description: "The price list's service, when taken from it" }),
  description: withStorableText(
    z
      .string({ error: QUOTE_MESSAGES.description })
      .trim()
      .min(1, { error: QUOTE_MESSAGES.description })
      .max(QUOTE_LIMITS.description, { error: QUOTE_MESSAGES.description }),
  ),
  quantityThousandths: z
    .int({ error: QUOTE_MESSAGES.quantity })
    .min(1, { error: QUOTE_MESSAGES.quantity })
    .max(MAX_QUANTITY_THOUSANDTHS, { error: QUOTE_MESSAGES.quantity })
    .meta({ description: "Thousandths of the unit: 1500 is 1.5" }),
  unit: z.enum(QUOTE_UNITS, { error: QUOTE_MESSAGES.unit }),
  unitPricePence: z
    .int({ error: QUOTE_MESSAGES.unitPrice })
    .min(0, { error: QUOTE_MESSAGES.unitPrice })
    .max(MAX_UNIT_PRICE_PENCE, { error: QUOTE_MESSAGES.unitPrice }),
  vatRate: z.enum(VAT_RATES, { error: QUOTE_MESSAGES.vatRate }).default("standard"),
});
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

export const discountSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("none") }),
      z.object({
        kind: z.literal("percent"),
        basisPoints: z
          .int({ error: QUOTE_MESSAGES.discount })
          .min(0, { error: QUOTE_MESSAGES.discount })
          .max(FULL_BASIS_POINTS, { error: QUOTE_MESSAGES.discount }),
      }),
      z.object({
        kind: z.literal("amount"),
        pence: z.int({ error: QUOTE_MESSAGES.discount }).min(0, { error: QUOTE_MESSAGES.discount }),
      }),
    ],
    { error: QUOTE_MESSAGES.discount },
  )
  .default({ kind: "none" });

/** A quote's content: its lines, discount, validity and terms (the same for a draft and a revision). */
export const quoteInputSchema = z.object(
  {
    lines: z
      .array(quoteLineInputSchema, { error: QUOTE_MESSAGES.noLines })
      .min(1, { error: QUOTE_MESSAGES.noLines })
      .max(MAX_QUOTE_LINES, { error: QUOTE_MESSAGES.tooManyLines }),
    discount: discountSchema,
    validUntil: z
      .string({ error: QUOTE_MESSAGES.validUntil })
      .regex(DAY, { error: QUOTE_MESSAGES.validUntil })
      .optional()
      .meta({ description: `YYYY-MM-DD, London; absent: ${QUOTE_LIMITS.validDays} days from today` }),
    terms: z
      .optional(
        withStorableText(
          z
            .string({ error: QUOTE_MESSAGES.terms })
            .trim()
            .max(QUOTE_LIMITS.terms, { error: QUOTE_MESSAGES.terms }),
        ),
      )
      .meta({ description: "Absent: the default terms" }),
  },
  { error: QUOTE_MESSAGES.noLines },
);
export type QuoteInput = z.infer<typeof quoteInputSchema>;

/** The customer's answer: their name and the tick, with the link's token. */
export const acceptInputSchema = z.object(
  {
    token: z.string({ error: QUOTE_MESSAGES.linkRefused }).max(100, { error: QUOTE_MESSAGES.linkRefused }),
    name: withStorableText(
      z
        .string({ error: QUOTE_MESSAGES.nameRequired })
        .trim()
        .min(1, { error: QUOTE_MESSAGES.nameRequired })
        .max(QUOTE_LIMITS.name, { error: QUOTE_MESSAGES.nameTooLong }),
    ),
    accept: z.union([z.literal(true), z.literal("on"), z.literal("true")], {
      error: QUOTE_MESSAGES.acceptRequired,
    }),
  },
  { error: QUOTE_MESSAGES.linkRefused },
);

export const declineInputSchema = z.object(
  {
    token: z.string({ error: QUOTE_MESSAGES.linkRefused }).max(100, { error: QUOTE_MESSAGES.linkRefused }),
    reason: z
      .optional(
        withStorableText(
          z
            .string({ error: QUOTE_MESSAGES.declineReasonTooLong })
            .trim()
            .max(QUOTE_LIMITS.declineReason, { error: QUOTE_MESSAGES.declineReasonTooLong }),
        ),
      )
      .meta({ description: "Why, in the customer's words (optional)" }),
  },
  { error: QUOTE_MESSAGES.linkRefused },
);

export const linkTokenSchema = z.object(
  { token: z.string({ error: QUOTE_MESSAGES.linkRefused }).max(100, { error: QUOTE_MESSAGES.linkRefused }) },
  { error: QUOTE_MESSAGES.linkRefused },
);

/** A service of the price list the Owner keeps. */
export const serviceInputSchema = z.object(
  {
    name: withStorableText(
      z
        .string({ error: QUOTE_MESSAGES.serviceName })
        .trim()
        .min(1, { error: QUOTE_MESSAGES.serviceName })
        .max(120, { error: QUOTE_MESSAGES.serviceName }),
    ),
    unit: z.enum(QUOTE_UNITS, { error: QUOTE_MESSAGES.unit }),
    unitPricePence: z
      .int({ error: QUOTE_MESSAGES.unitPrice })
      .min(0, { error: QUOTE_MESSAGES.unitPrice })
      .max(MAX_UNIT_PRICE_PENCE, { error: QUOTE_MESSAGES.unitPrice }),
    vatRate: z.enum(VAT_RATES, { error: QUOTE_MESSAGES.vatRate }).default("standard"),
    archived: z.boolean().default(false),
  },
  { error: QUOTE_MESSAGES.serviceName },
);

export const serviceViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  unit: z.enum(QUOTE_UNITS),
  unitPricePence: z.int(),
  vatRate: z.enum(VAT_RATES),
  archived: z.boolean(),
});
export type ServiceView = z.infer<typeof serviceViewSchema>;

const quoteLineViewSchema = z.object({
  serviceId: z.uuid().nullable(),
  description: z.string(),
  quantityThousandths: z.int(),
  unit: z.enum(QUOTE_UNITS),
  unitPricePence: z.int(),
  vatRate: z.enum(VAT_RATES),
  netPence: z.int(),
});

const totalsViewSchema = z.object({
  subtotalPence: z.int(),
  discountPence: z.int(),
  netPence: z.int(),
  vatPence: z.int(),
  totalPence: z.int(),
  rates: z.array(z.object({ rate: z.enum(VAT_RATES), netPence: z.int(), vatPence: z.int() })),
});

/** A quote as staff and the customer's page read it (the customer's without the staff's fields). */
export const quoteViewSchema = z.object({
  id: z.uuid(),
  enquiryId: z.uuid(),
  number: z.string(),
  version: z.int(),
  supersedes: z.uuid().nullable(),
  state: z.enum(QUOTE_STATES),
  validUntil: z.string().meta({ description: "YYYY-MM-DD, London: the last day it may be accepted" }),
  terms: z.string(),
  discount: z.record(z.string(), z.unknown()),
  lines: z.array(quoteLineViewSchema),
  totals: totalsViewSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  acceptance: z
    .object({
      name: z.string().nullable(),
      at: z.iso.datetime(),
      address: z.string().nullable(),
      version: z.int(),
    })
    .nullable()
    .meta({ description: "Who accepted, when, from which address and which version" }),
  declineReason: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** What the customer's page shows: the quote without who accepted it from where. */
export const customerQuoteSchema = quoteViewSchema
  .omit({ enquiryId: true, supersedes: true, acceptance: true })
  .extend({
    acceptedBy: z.string().nullable(),
    message: z
      .string()
      .nullable()
      .meta({ description: "Why it can no longer be answered; null while it can" }),
  });
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;
