import { londonDay } from "../en-gb";
import { QUOTE_STEP_NAMES } from "../leads/enquiry-terms";
import { z } from "../zod";

/**
 * Insights without tracking: aggregates only. What the site counts, what the beacon
 * sends, the Insights screen's range and tables, and their words.
 */

/** The forms whose funnel is counted, and the stages each one reports. */
export const INSIGHTS_FORMS = ["quote", "contact", "tankering"] as const;
export type InsightsForm = (typeof INSIGHTS_FORMS)[number];

/**
 * Past "submitted", the funnel reads the enquiries themselves (issue 49): of those sent in the
 * range, how many were quoted and won (common/insights/won-value.ts; never from the beacon).
 */
export const PIPELINE_FUNNEL_STAGES = ["quoted", "won"] as const;

/** The quote wizard: the step reached ("1" … "6"), then "submitted"; the forms: viewed → submitted. */
export const FUNNEL_STAGES: Record<InsightsForm, readonly string[]> = {
  quote: ["1", "2", "3", "4", "5", "6", "submitted"],
  contact: ["viewed", "submitted"],
  tankering: ["viewed", "submitted"],
};

/** The path counted for every address the catch-all answers (the home page, shown elsewhere). */
export const OTHER_PATH = "*";
/** The referring domain or campaign counted once an instance has met too many new ones in a day. */
export const OTHER_SOURCE = "(other)";

export const INSIGHTS_PRESETS = [30, 90] as const;
/** The longest range the screen shows: what is kept (25 months by default) fits in it. */
export const INSIGHTS_RANGE_MAX_DAYS = 800;
export const INSIGHTS_TOP = 20;
export const INSIGHTS_TABLES = ["days", "pages", "referrers", "campaigns", "enquiries", "funnel"] as const;
export type InsightsTable = (typeof INSIGHTS_TABLES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Dates are written YYYY-MM-DD." });

/** The beacon's query string: a page view (`p`), or a form's stage (`f`, `s`) with, on submit, the
 * tab's landing page (`l`) and the referring domain it came from (`r`). Nothing else, no id. */
export const insightsEventSchema = z.union([
  z.object({ p: z.string().max(300) }).strict(),
  z
    .object({
      f: z.enum(INSIGHTS_FORMS),
      s: z.string().max(12),
      l: z.string().max(300).optional(),
      r: z.string().max(300).optional(),
    })
    .strict()
    .refine((event) => FUNNEL_STAGES[event.f].includes(event.s), {
      message: "Unknown stage for this form.",
    }),
]);
export type InsightsEvent = z.infer<typeof insightsEventSchema>;

export const INSIGHTS_MESSAGES = {
  heading: "Insights",
  intro:
    "Counted on this site's own server: no cookie, no tracking script, no personal data. Visits with Global Privacy Control or Do Not Track, and bots, are not counted.",
  invalidEvent: "That insights event is not one the site sends.",
  invalidDate: "Dates are written YYYY-MM-DD.",
  invalidRange: "The start date must be on or before the end date.",
  rangeTooLong: `Show at most ${INSIGHTS_RANGE_MAX_DAYS} days at once.`,
  invalidTable: "Unknown table to export.",
  range: "Date range",
  from: "From",
  to: "To",
  show: "Show",
  lastDays: (days: number) => `Last ${days} days`,
  showing: (from: string, to: string) => `Showing ${from} to ${to}`,
  exportCsv: "Download CSV",
  visitsHeading: "Visits per day",
  visitsChart: (from: string, to: string, visits: number, views: number) =>
    `Visits per day from ${from} to ${to}: ${visits} visits and ${views} page views in all.`,
  asTable: "Show as a table",
  pagesHeading: "Top pages",
  referrersHeading: "Top referring sites",
  campaignsHeading: "Campaigns",
  enquiriesHeading: "Enquiries per landing page",
  enquiriesIntro: "The page a visit started on and the site it came from, for visits that sent an enquiry.",
  funnelHeading: "Quote wizard funnel",
  funnelChart: (reached: number, submitted: number) =>
    `Quote wizard: ${reached} visits reached step 1 and ${submitted} submitted.`,
  formsHeading: "Contact and tankering forms",
  empty: "Nothing counted in this range yet.",
  direct: "Direct or unknown",
  other: "Other addresses (shown the home page)",
  otherSources: "Others (too many to list)",
  columns: {
    day: "Day",
    visits: "Visits",
    views: "Page views",
    page: "Page",
    site: "Referring site",
    source: "Source (utm_source)",
    campaign: "Campaign (utm_campaign)",
    landing: "Landing page",
    from: "Came from",
    form: "Form",
    enquiries: "Enquiries",
    step: "Step",
    reached: "Reached",
    dropOff: "Lost before next",
    viewed: "Viewed",
    submitted: "Submitted",
    rate: "Submitted of viewed",
  },
  stageName: (stage: string) => {
    const step = Number(stage);
    if (stage === "quoted") return "Quoted";
    if (stage === "won") return "Won";
    return step >= 1 && step <= QUOTE_STEP_NAMES.length
      ? `Step ${step}: ${QUOTE_STEP_NAMES[step - 1]}`
      : "Submitted";
  },
  formNames: { quote: "Quote", contact: "Contact", tankering: "Tankering" } as Record<InsightsForm, string>,
} as const;

/** A range the screen and the export read: from/to inclusive (UK days), or the last N days. */
export const insightsRangeSchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (INSIGHTS_PRESETS as readonly number[]).includes(n), {
        message: INSIGHTS_MESSAGES.invalidRange,
      })
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    table: z.enum(INSIGHTS_TABLES, { message: INSIGHTS_MESSAGES.invalidTable }).optional(),
  })
  .strip();
export type InsightsRangeQuery = z.infer<typeof insightsRangeSchema>;

export interface InsightsRange {
  from: string;
  to: string;
}

export interface InsightsReport {
  range: InsightsRange;
  days: Array<{ day: string; visits: number; views: number }>;
  pages: Array<{ path: string; views: number; visits: number }>;
  referrers: Array<{ domain: string; visits: number }>;
  campaigns: Array<{ source: string; campaign: string; visits: number }>;
  enquiries: Array<{ landing: string; referrer: string; form: InsightsForm; enquiries: number }>;
  funnel: Array<{ form: InsightsForm; stage: string; count: number }>;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Today in the UK (the office's days): YYYY-MM-DD. */
export const ukDay = (date: Date = new Date()) => londonDay(date.getTime());

/**
 * The range a query names: from/to when both are given and valid, else the last `days` (30 by
 * default) up to today; an error message for a range that cannot be shown.
 */
export function resolveRange(
  query: InsightsRangeQuery,
  today: string = ukDay(),
): { range: InsightsRange; error?: string } {
  const preset = (days: number) => ({ from: addDays(today, 1 - days), to: today });
  if (query.from === undefined && query.to === undefined) return { range: preset(query.days ?? 30) };
  const from = query.from ?? addDays(query.to ?? today, -29);
  const to = query.to ?? today;
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
    return { range: preset(30), error: INSIGHTS_MESSAGES.invalidDate };
  if (from > to) return { range: preset(30), error: INSIGHTS_MESSAGES.invalidRange };
  if (daysBetween(from, to) + 1 > INSIGHTS_RANGE_MAX_DAYS)
    return { range: preset(30), error: INSIGHTS_MESSAGES.rangeTooLong };
  return { range: { from, to } };
}
