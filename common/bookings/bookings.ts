import { isUkPostCode, normalisePostCode } from "../leads/enquiries";
import { storableText } from "../text";
import { z } from "../zod";
import { BOOKING_SETTING_LIMITS, type BookingSettings } from "./availability";

/**
 * The free waste review's booking (issue 48): its statuses, its limits, the zod schemas the page's
 * action, the REST API and the service all parse with, and its messages, said once here.
 */

/** booked: to come; held: it took place; no-show: the visitor did not come; cancelled: the slot is free again. */
export const BOOKING_STATUSES = ["booked", "held", "no-show", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What staff set after the review's time. */
export const OUTCOME_STATUSES = ["held", "no-show"] as const;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: "Booked",
  held: "Held",
  "no-show": "No-show",
  cancelled: "Cancelled",
};

/** The enquiry kind each booking makes on the desk ("review"), as the desk names it (decision 0051). */
export const REVIEW_TITLE = "Free waste review";

export const BOOKING_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 150,
  postcode: 16,
  note: 2000,
  reason: 500,
  /** Blocked times at most this long (a holiday of four weeks). */
  blockDays: 31,
} as const;

/** How long before a review its reminder is mailed. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

/** The reschedule/cancel link's token: 32 random bytes, base64url (only its SHA-256 is stored). */
export const BOOKING_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const BOOKING_MESSAGES = {
  name: "Enter your name",
  email: "Enter your email address",
  invalidEmail: "Enter a valid email address, for example name@example.co.uk",
  phone: "Enter your phone number",
  company: "Enter your company's name",
  postcode: "Enter the site's post code",
  invalidPostCode: "Enter a valid UK post code, for example PE1 5XG",
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  start: "Choose a time for the review",
  day: "Choose a day for the review",
  invalidBody: "The booking must be a JSON object",
  /** The time was taken (by another visitor at the same moment) or is no longer offered. */
  taken: "Sorry, that time has just been booked or is no longer free. Please choose another time.",
  notFound: "No such booking",
  /** A link that is not this booking's, was used up (cancelled) or has ended (the review's time passed). */
  linkInvalid:
    "This link no longer works: the review was cancelled or has already taken place. Please call us or book again.",
  notBooked: "Only a booked review can be changed",
  reason: "Say why the review is cancelled",
  staffMember: "Choose a colleague who works on enquiries",
  /** A reassignment to a colleague who has another review (or its buffer) at that time. */
  staffBusy: "That colleague already has a review at that time. Choose another colleague or time.",
  /** An ICS feed address that is not a colleague's current one (renewed, or never made). */
  feedInvalid: "No such calendar feed: its address was renewed or never made",
  outcome: "Choose Held or No-show",
  outcomeTooSoon: "A review can be marked held or no-show once its time has come",
  blockEnds: "The blocked time must end after it starts",
  blockTooLong: `A blocked time can be at most ${BOOKING_LIMITS.blockDays} days`,
  invalidTime: "Enter a date and time",
  /** Over the page's hourly allowance for this connection: nothing was booked. */
  tooMany:
    "Too many bookings have been sent from this connection in the last hour. Please try again later, or call us.",
  setting: (label: string, min: number, max: number) =>
    `${label} must be a whole number from ${min} to ${max}`,
} as const;

/** The words the visitor reads (the page and the mail). */
export const BOOKING_TEXTS = {
  heading: "Book your free waste review",
  intro:
    "Choose a day and a time for a member of our team to review your site's organic waste with you. It takes about half an hour and costs nothing.",
  chooseDay: "Choose a day",
  chooseTime: "Choose a time",
  noDays: "There are no free times in the coming weeks. Please call us and we will find one.",
  noTimes: "There are no free times left on this day. Please choose another day.",
  details: "Your details",
  continue: "Continue",
  book: "Book the review",
  changeDay: "Choose another day",
  changeTime: "Choose another time",
  nearest: "The nearest free times",
  booked: "Your free waste review is booked",
  when: "When",
  reference: "Reference",
  mailed:
    "We have e-mailed you a confirmation with a calendar invitation and links to move or cancel the review.",
  reschedule: "Move the review",
  rescheduled: "Your review has been moved",
  cancel: "Cancel the review",
  cancelConfirm: "Yes, cancel the review",
  cancelled: "Your review has been cancelled",
  noteLabel: "Anything we should know (optional)",
  postcodeLabel: "Site post code",
} as const;

const text = (label: string, required: string, max: number) =>
  z
    .string({ error: required })
    .transform(storableText)
    .pipe(z.string().trim().min(1, required).max(max, BOOKING_MESSAGES.tooLong(label, max)));

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An instant as a booking sends it: ISO 8601 (the `start` of a time offered). */
export const instantSchema = z
  .string({ error: BOOKING_MESSAGES.start })
  .refine(
    (value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value),
    BOOKING_MESSAGES.start,
  )
  .transform((value) => new Date(Date.parse(value)).toISOString());

/** The visitor's details, in the form's order (the first issue is the message shown). */
export const bookingDetailsSchema = z.object(
  {
    name: text("Name", BOOKING_MESSAGES.name, BOOKING_LIMITS.name),
    email: text("Email", BOOKING_MESSAGES.email, BOOKING_LIMITS.email).refine(
      (value) => EMAIL_SHAPE.test(value),
      BOOKING_MESSAGES.invalidEmail,
    ),
    phone: text("Phone", BOOKING_MESSAGES.phone, BOOKING_LIMITS.phone),
    company: text("Company", BOOKING_MESSAGES.company, BOOKING_LIMITS.company),
    postcode: text("Post code", BOOKING_MESSAGES.postcode, BOOKING_LIMITS.postcode)
      .refine(isUkPostCode, BOOKING_MESSAGES.invalidPostCode)
      .transform(normalisePostCode),
    note: z
      .string({ error: BOOKING_MESSAGES.tooLong("Note", BOOKING_LIMITS.note) })
      .transform(storableText)
      .pipe(z.string().trim().max(BOOKING_LIMITS.note, BOOKING_MESSAGES.tooLong("Note", BOOKING_LIMITS.note)))
      .optional()
      .default(""),
  },
  { error: BOOKING_MESSAGES.invalidBody },
);

/** A booking: the time chosen (one of those offered) and the visitor's details. */
export const bookingSchema = z.object(
  { start: instantSchema, ...bookingDetailsSchema.shape },
  { error: BOOKING_MESSAGES.invalidBody },
);
export type BookingInput = z.output<typeof bookingSchema>;

/**
 * The booking as its enquiry (kind "review") keeps it, parsed by the one intake
 * (server/services/leads/enquiry-intake.ts): the booking's fields, the site's post code as
 * `location` and the note as `message`, the names the inbox's search, the CSV and the privacy
 * export already read for every kind.
 */
export const reviewEnquirySchema = bookingSchema.transform(({ postcode, note, ...rest }) => ({
  ...rest,
  location: postcode,
  message: note,
}));
export type ReviewEnquiry = z.output<typeof reviewEnquirySchema>;
/** The review enquiry's fields, in the form's order (the desk's rows, the spam check's "every field filled"). */
export const REVIEW_ENQUIRY_FIELDS = [
  "start",
  "name",
  "email",
  "phone",
  "company",
  "location",
  "message",
] as const satisfies ReadonlyArray<keyof ReviewEnquiry>;
export type BookingDetails = z.output<typeof bookingDetailsSchema>;

export const rescheduleSchema = z.object({ start: instantSchema }, { error: BOOKING_MESSAGES.start });

export const cancelSchema = z.object(
  { reason: text("Reason", BOOKING_MESSAGES.reason, BOOKING_LIMITS.reason) },
  { error: BOOKING_MESSAGES.reason },
);

export const reassignSchema = z.object(
  {
    staffId: z.union([z.uuid({ error: BOOKING_MESSAGES.staffMember }), z.null()], {
      error: BOOKING_MESSAGES.staffMember,
    }),
  },
  { error: BOOKING_MESSAGES.staffMember },
);

/** The Owner's choice of the colleagues who take reviews (none: the office's one calendar). */
export const reviewersSchema = z.object(
  {
    staffIds: z
      .array(z.uuid({ error: BOOKING_MESSAGES.staffMember }), { error: BOOKING_MESSAGES.staffMember })
      .max(100, BOOKING_MESSAGES.staffMember),
  },
  { error: BOOKING_MESSAGES.staffMember },
);

/** A colleague as 'Bookings' lists them: whether they take reviews. */
export const reviewerViewSchema = z.object({ id: z.string(), email: z.string(), takesReviews: z.boolean() });

/** The ICS feed's secret in its address: 32 random bytes, base64url (only its SHA-256 is stored). */
export const FEED_TOKEN_SHAPE = BOOKING_TOKEN_SHAPE;
/** A colleague's feed lists their reviews from this many days ago (and all to come). */
export const FEED_DAYS_BACK = 30;

export const outcomeSchema = z.object(
  { status: z.enum(OUTCOME_STATUSES, { error: BOOKING_MESSAGES.outcome }) },
  { error: BOOKING_MESSAGES.outcome },
);

export const blockSchema = z
  .object(
    {
      startsAt: instantSchema.pipe(z.string()),
      endsAt: instantSchema.pipe(z.string()),
      reason: text("Reason", BOOKING_MESSAGES.reason, BOOKING_LIMITS.reason),
    },
    { error: BOOKING_MESSAGES.invalidTime },
  )
  .superRefine((block, context) => {
    const start = Date.parse(block.startsAt);
    const end = Date.parse(block.endsAt);
    if (end <= start)
      context.addIssue({ code: "custom", path: ["endsAt"], message: BOOKING_MESSAGES.blockEnds });
    else if (end - start > BOOKING_LIMITS.blockDays * 86_400_000)
      context.addIssue({ code: "custom", path: ["endsAt"], message: BOOKING_MESSAGES.blockTooLong });
  });

export const BOOKING_SETTING_LABELS: Record<keyof BookingSettings, string> = {
  lengthMinutes: "Review length (minutes)",
  bufferMinutes: "Buffer after each review (minutes)",
  noticeDays: "Minimum notice (open days)",
  horizonWeeks: "How far ahead (weeks)",
};

const setting = (key: keyof BookingSettings) => {
  const { min, max } = BOOKING_SETTING_LIMITS[key];
  const message = BOOKING_MESSAGES.setting(BOOKING_SETTING_LABELS[key], min, max);
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The Owner's booking settings. */
export const bookingSettingsSchema = z.object(
  {
    lengthMinutes: setting("lengthMinutes"),
    bufferMinutes: setting("bufferMinutes"),
    noticeDays: setting("noticeDays"),
    horizonWeeks: setting("horizonWeeks"),
  },
  { error: BOOKING_MESSAGES.invalidBody },
);

const slotSchema = z.object({
  start: z.string().meta({ description: "The instant, ISO 8601 in UTC: send it back as `start`" }),
  time: z.string().meta({ description: "London's wall-clock time, HH:MM" }),
});
export const availableDaySchema = z.object({
  day: z.string().meta({ description: "London's calendar day, YYYY-MM-DD" }),
  slots: z.array(slotSchema),
});
/** The public answer: the days with free times, and the times. */
export const availabilitySchema = z.object({ days: z.array(availableDaySchema) });

/** What the link's page and API show of a booking (no personal details). */
export const linkedBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
});

/** A real calendar day written YYYY-MM-DD ("2027-02-31" and "2027-13-45" are not). */
export const isBookingDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
};
const calendarDay = z.string({ error: BOOKING_MESSAGES.day }).refine(isBookingDay, BOOKING_MESSAGES.day);

/** A range of London days (YYYY-MM-DD, real calendar days), both optional. */
export const dayRangeSchema = z.object({ from: calendarDay.optional(), to: calendarDay.optional() });

/** The desk's list: a range of days, one colleague ("office": nobody yet) or a status. */
export const bookingListQuerySchema = dayRangeSchema.extend({
  staffId: z.union([z.literal("office"), z.uuid()], { error: BOOKING_MESSAGES.staffMember }).optional(),
  status: z.enum(BOOKING_STATUSES, { error: BOOKING_MESSAGES.outcome }).optional(),
});

const nullableText = z.string().nullable();
export const bookingViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  staffId: nullableText,
  staffEmail: nullableText,
  name: nullableText,
  email: nullableText,
  phone: nullableText,
  company: nullableText,
  postcode: nullableText,
  note: nullableText,
  enquiryId: nullableText,
  cancelReason: nullableText,
  createdAt: z.string(),
});

export const blockViewSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdBy: nullableText,
});

/** A booking as staff and the API see it. */
export interface BookingView {
  id: string;
  reference: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  staffId: string | null;
  staffEmail: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  postcode: string | null;
  note: string | null;
  enquiryId: string | null;
  cancelReason: string | null;
  createdAt: string;
}
