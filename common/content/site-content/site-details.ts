import { z } from "../../zod";
import { SITE_DETAILS_MESSAGES as M } from "./messages";
import { type DayHours, type SiteDetails, SOCIAL_NETWORKS, WEEKDAYS } from "./site-details-defaults";

/** Limits of the site details' fields. */
export const SITE_DETAILS_LIMITS = {
  text: 120,
  url: 300,
  note: 120,
  hoursNote: 200,
  specialDays: 60,
} as const;

const text = (field: string, max: number = SITE_DETAILS_LIMITS.text) =>
  z
    .string({ error: M.required(field) })
    .trim()
    .min(1, M.required(field))
    .max(max, M.tooLong(field, max));

/** A UK postcode (the Royal Mail's shapes), spaces optional, any case. */
export const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;

/** A UK number for people to call: 01, 02, 03, 07 or 08 and 10 or 11 digits in all, spaces allowed. */
export const UK_PHONE = /^0[12378](?: ?\d){8,9}$/;

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  // A month or day out of range ("2027-13-45") is an invalid Date, whose toISOString throws.
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

const httpsUrl = z
  .string({ error: M.url })
  .trim()
  .max(SITE_DETAILS_LIMITS.url, M.tooLong("address", SITE_DETAILS_LIMITS.url))
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:" && value.startsWith("https://");
    } catch {
      return false;
    }
  }, M.url);

const optionalHttpsUrl = z.union([z.literal(""), httpsUrl], { error: M.url });

const time = z.string({ error: M.time }).regex(HH_MM, M.time);

export const dayHoursSchema: z.ZodType<DayHours> = z
  .discriminatedUnion("closed", [
    z.object({ closed: z.literal(true) }),
    z.object({ closed: z.literal(false), opens: time, closes: time }),
  ])
  .superRefine((hours, context) => {
    if (!hours.closed && HH_MM.test(hours.opens) && HH_MM.test(hours.closes) && hours.opens >= hours.closes)
      context.addIssue({ code: "custom", path: ["closes"], message: M.opensBeforeCloses });
  });

const calendarDay = z.string({ error: M.date }).refine(isCalendarDay, M.date);

const specialDaySchema = z
  .object({
    from: calendarDay,
    to: z.union([z.literal(""), calendarDay], { error: M.date }),
    hours: dayHoursSchema,
    note: z.string().trim().max(SITE_DETAILS_LIMITS.note, M.tooLong("note", SITE_DETAILS_LIMITS.note)),
  })
  .superRefine((day, context) => {
    if (day.to && isCalendarDay(day.from) && day.to < day.from)
      context.addIssue({ code: "custom", path: ["to"], message: M.toBeforeFrom });
  });

/** "2025-12-25" or "2025-12-25 to 2025-12-26": a special day as an overlap message names it. */
const runText = (day: { from: string; to: string }) => (day.to ? `${day.from} to ${day.to}` : day.from);

/** The site details (the admin's form, the REST API and the service all parse with this). */
export const siteDetailsSchema: z.ZodType<SiteDetails> = z
  .object({
    name: text("company name"),
    legalName: text("legal name"),
    address: z.object({
      street: text("street"),
      locality: text("town or city"),
      postcode: z
        .string({ error: M.postcode })
        .trim()
        .regex(UK_POSTCODE, M.postcode)
        .transform((value) => value.toUpperCase()),
      country: text("country", 60),
    }),
    phone: z.string({ error: M.phone }).trim().regex(UK_PHONE, M.phone),
    email: z
      .string({ error: M.email })
      .trim()
      .max(SITE_DETAILS_LIMITS.text, M.email)
      .pipe(z.email({ error: M.email })),
    wasteCarrierRegistration: z
      .string({ error: M.wasteCarrier })
      .trim()
      .regex(/^[A-Z]{3,4}\d{4,8}$/i, M.wasteCarrier)
      .transform((value) => value.toUpperCase()),
    social: z.object(
      Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalHttpsUrl])) as {
        [K in (typeof SOCIAL_NETWORKS)[number]]: typeof optionalHttpsUrl;
      },
    ),
    reviews: z.object({ write: httpsUrl, read: httpsUrl }),
    hours: z.object(
      Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as {
        [K in (typeof WEEKDAYS)[number]]: typeof dayHoursSchema;
      },
    ),
    hoursNote: z
      .string({ error: M.tooLong("line under the hours", SITE_DETAILS_LIMITS.hoursNote) })
      .trim()
      .max(SITE_DETAILS_LIMITS.hoursNote, M.tooLong("line under the hours", SITE_DETAILS_LIMITS.hoursNote)),
    specialDays: z
      .array(specialDaySchema)
      .max(SITE_DETAILS_LIMITS.specialDays, M.tooManySpecialDays(SITE_DETAILS_LIMITS.specialDays)),
  })
  .superRefine((details, context) => {
    // No two special days on the same date: each run is compared with the ones before it.
    const days = details.specialDays;
    days.forEach((day, index) => {
      const end = day.to || day.from;
      const other = days
        .slice(0, index)
        .find((earlier) => earlier.from <= end && day.from <= (earlier.to || earlier.from));
      if (other)
        context.addIssue({
          code: "custom",
          path: ["specialDays", index, "from"],
          message: M.overlap(runText(other)),
        });
    });
  }) as z.ZodType<SiteDetails>;
