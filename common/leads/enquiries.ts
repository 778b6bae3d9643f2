import type { ReviewEnquiry } from "../bookings/bookings";
import { reviewTimeText } from "../bookings/review-time";
import { withStorableText } from "../text";
import { zm as z } from "../zod";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES, QUOTE_MESSAGES, TANKERING_MESSAGES } from "./enquiry-messages";
import type { EnquiryKind, FormKind } from "./enquiry-terms";

/**
 * The contact, quote and tankering schemas, shared by the forms and the API. Fields are declared
 * in the order the forms check them and zod reports issues in declaration order, so
 * the first issue is the message a visitor sees.
 */

/**
 * Honeypot: a field people never see; bots fill it. Such a submission is answered like any other
 * and stored as spam, never mailed. Its name matches none of the words browsers and password
 * managers autofill (website, url, company, name, email, phone, address…), so a person's browser
 * leaves it empty.
 */
export const HONEYPOT_FIELD = "fo_office_ref";

/**
 * When the database cannot be reached an enquiry is answered 503 with `Retry-After:
 * afterSeconds`; the form (with JavaScript) sends it again by itself for up to `forMs`.
 */
export const ENQUIRY_RETRY = { afterSeconds: 3, forMs: 30_000 } as const;

/** Length limits for every field (generous for people, small enough for the outbox and inbox). */
export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  company: 150,
  phone: 40,
  message: 5000,
  frequency: 100,
  businessType: 100,
  wasteType: 200,
  location: 16,
} as const;

const LABELS: Record<keyof typeof ENQUIRY_LIMITS, string> = {
  name: "Name",
  email: "Email",
  company: "Company",
  phone: "Phone",
  message: "Message",
  frequency: "Frequency",
  businessType: "Business type",
  wasteType: "Waste type",
  location: "Post code",
};

/** Required text: missing or blank gives the field's own message; other types and overlong get clear ones. */
function checkedText(field: keyof typeof ENQUIRY_LIMITS, required: string) {
  const max = ENQUIRY_LIMITS[field];
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? required
          : ENQUIRY_MESSAGES.notText(LABELS[field]),
    })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: ENQUIRY_MESSAGES.tooLong(LABELS[field], max) }),
    );
}

// NUL and lone surrogates are dropped rather than refused: the visitor's enquiry is kept.
const requiredText = (field: keyof typeof ENQUIRY_LIMITS, required: string) =>
  withStorableText(checkedText(field, required));

// Pragmatic check: one @, no spaces, a dot in the domain. RFC-complete checks reject real people.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function requiredEmail(required: string) {
  return requiredText("email", required).check(
    z.refine((value) => value === "" || EMAIL_SHAPE.test(value), {
      error: ENQUIRY_MESSAGES.invalidEmail,
      abort: true,
    }),
  );
}

// UK post codes: outward code (area letters, district) + inward code (sector digit, unit letters).
const UK_POST_CODE = /^(GIR0AA|[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})$/;

/** Upper case, inner spaces removed, one space before the inward code: "pe1  5xg" → "PE1 5XG". */
export function normalisePostCode(raw: string): string {
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export const isUkPostCode = (raw: string) => UK_POST_CODE.test(raw.replace(/\s+/g, "").toUpperCase());

// Cleaned first, then checked and normalised: so the API document still lists it as required text.
const postCode = withStorableText(
  z.pipe(
    checkedText("location", QUOTE_MESSAGES.location).check(
      z.refine((value) => isUkPostCode(value), { error: ENQUIRY_MESSAGES.invalidPostCode, abort: true }),
    ),
    z.transform(normalisePostCode),
  ),
);

export const contactSchema = z.object(
  {
    name: requiredText("name", CONTACT_MESSAGES.name),
    email: requiredEmail(CONTACT_MESSAGES.email),
    company: requiredText("company", CONTACT_MESSAGES.company),
    phone: requiredText("phone", CONTACT_MESSAGES.phone),
    message: requiredText("message", CONTACT_MESSAGES.message),
  },
  { error: ENQUIRY_MESSAGES.invalidBody },
);

export const tankeringSchema = z.object(
  {
    name: requiredText("name", TANKERING_MESSAGES.name),
    email: requiredEmail(TANKERING_MESSAGES.email),
    frequency: requiredText("frequency", TANKERING_MESSAGES.frequency),
    phone: requiredText("phone", TANKERING_MESSAGES.phone),
    message: requiredText("message", TANKERING_MESSAGES.message),
  },
  { error: ENQUIRY_MESSAGES.invalidBody },
);

export const quoteContactSchema = z.object(
  {
    name: requiredText("name", QUOTE_MESSAGES.name),
    email: requiredEmail(QUOTE_MESSAGES.email),
    phone: requiredText("phone", QUOTE_MESSAGES.phone),
  },
  // A missing contact block fails on its first field.
  { error: QUOTE_MESSAGES.name },
);

/** One schema per wizard step (1-5); step 6 submits the whole quote. */
export const quoteStepSchemas = {
  businessType: requiredText("businessType", QUOTE_MESSAGES.businessType),
  wasteType: requiredText("wasteType", QUOTE_MESSAGES.wasteType),
  frequency: requiredText("frequency", QUOTE_MESSAGES.frequency),
  location: postCode,
  contact: quoteContactSchema,
} as const;

export const quoteSchema = z.object(quoteStepSchemas, { error: ENQUIRY_MESSAGES.invalidBody });

export type ContactEnquiry = z.output<typeof contactSchema>;
export type TankeringEnquiry = z.output<typeof tankeringSchema>;
export type QuoteEnquiry = z.output<typeof quoteSchema>;
/** What the intake stores in `fields`: a form's enquiry, or a booked review's (common/bookings/bookings.ts). */
export type EnquiryFields = ContactEnquiry | TankeringEnquiry | QuoteEnquiry | ReviewEnquiry;

export const ENQUIRY_SCHEMAS = {
  contact: contactSchema,
  quote: quoteSchema,
  tankering: tankeringSchema,
} satisfies Record<FormKind, z.ZodMiniType>;

/** A booked review's rows (kind "review"): its time on London's clock, then the visitor's details. */
const REVIEW_ROWS: Array<[string, string]> = [
  ["name", "Name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["company", "Company"],
  ["location", "Site post code"],
  ["message", "Note"],
];

/** Every submitted field of an enquiry as labelled rows, in the form's order (mail and inbox). */
export function enquiryRows(kind: EnquiryKind, fields: Record<string, unknown>): Array<[string, string]> {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (kind === "review") {
    const start = text(fields.start);
    const when = start && !Number.isNaN(Date.parse(start)) ? reviewTimeText(start) : "";
    return [
      ["Review", when],
      ...REVIEW_ROWS.map(([field, label]): [string, string] => [label, text(fields[field])]),
    ];
  }
  const order: Record<FormKind, Array<keyof typeof ENQUIRY_LIMITS>> = {
    contact: ["name", "email", "company", "phone", "message"],
    tankering: ["name", "email", "phone", "frequency", "message"],
    quote: ["businessType", "wasteType", "frequency", "location", "name", "email", "phone"],
  };
  // A quote keeps the visitor's name, email and phone in its `contact` block.
  const contact = (fields.contact ?? {}) as Record<string, unknown>;
  return order[kind].map((field) => {
    const value = kind === "quote" && field in quoteContactSchema.shape ? contact[field] : fields[field];
    return [LABELS[field], typeof value === "string" ? value : ""];
  });
}
