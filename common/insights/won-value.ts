import { KIND_LABELS } from "../leads/enquiry-labels";
import type { EnquiryKind } from "../leads/enquiry-terms";
import { formatPence } from "../pipeline/money";
import { z } from "../zod";
import {
  INSIGHTS_FORMS,
  INSIGHTS_MESSAGES,
  type InsightsForm,
  type InsightsRange,
  insightsRangeSchema,
  OTHER_PATH,
  type PIPELINE_FUNNEL_STAGES,
} from "./insights";

/**
 * Which pages bring won business (issue 49), without tracking: the enquiries that arrived in a
 * range, grouped by what each already stores (its source: landing page, referring site, utm_
 * campaign; its form; the wizard's business type), with how many were quoted, won and lost and the
 * won value (an accepted quote's total, or the value staff gave on Won). Nothing new is collected.
 */
export const WON_VIEWS = ["landing", "referrer", "campaign", "form", "business"] as const;
export type WonView = (typeof WON_VIEWS)[number];

/** Rows each view shows on the screen (the CSV has them all, up to WON_EXPORT_MAX_ROWS). */
export const WON_TOP = 20;
export const WON_EXPORT_MAX_ROWS = 100_000;

/** The counts of one group of enquiries. */
export interface WonCounts {
  enquiries: number;
  /** Reached Quoted: a quote was sent, or the stage is (or was moved to) Quoted or Won. */
  quoted: number;
  won: number;
  lost: number;
  /** The won enquiries' value in pence. */
  wonPence: number;
}

/** One row of a view: its key ("" for unknown) and its counts. The campaign's key is its source and campaign. */
export interface WonRow extends WonCounts {
  key: string;
  /** The campaign view only: utm_source ("" when none). */
  source?: string;
}

export interface WonReport {
  range: InsightsRange;
  total: WonCounts;
  views: Record<WonView, WonRow[]>;
}

/**
 * The win rate: won of those decided (won or lost), as a whole percentage (rounded half up);
 * null while none is decided. The same on the screen, the CSV, the API and the dashboard.
 */
export function winRatePercent(won: number, lost: number): number | null {
  const decided = won + lost;
  return decided > 0 ? Math.floor((200 * won + decided) / (2 * decided)) : null;
}

/** "40%", or "–" while none is decided. */
export const formatWinRate = (won: number, lost: number) => {
  const rate = winRatePercent(won, lost);
  return rate === null ? "–" : `${rate}%`;
};

/** Pence as a spreadsheet reads pounds: 24880 is "248.80" (the CSV's money column). */
export function poundsDecimal(pence: number): string {
  return formatPence(pence).replace(/[£,]/g, "");
}

export const WON_MESSAGES = {
  heading: "Won business",
  intro:
    "The enquiries that arrived in the range, by where each one's visit started, as each enquiry stores it: how many were quoted, won and lost, and what the won work is worth. Win rate: won of those won or lost.",
  headings: {
    landing: "Won business per landing page",
    referrer: "Won business per referring site",
    campaign: "Won business per campaign",
    form: "Won business per form",
    business: "Won business per business type",
  } satisfies Record<WonView, string>,
  unknownLanding: "Unknown",
  noCampaign: "No campaign",
  noBusinessType: "Not given",
  invalidView: `The view is one of ${WON_VIEWS.join(", ")}.`,
  columns: {
    landing: INSIGHTS_MESSAGES.columns.landing,
    referrer: INSIGHTS_MESSAGES.columns.site,
    source: INSIGHTS_MESSAGES.columns.source,
    campaign: INSIGHTS_MESSAGES.columns.campaign,
    form: INSIGHTS_MESSAGES.columns.form,
    business: "Business type",
    enquiries: "Enquiries",
    quoted: "Quoted",
    won: "Won",
    lost: "Lost",
    winRate: "Win rate",
    winRateCsv: "Win rate (%)",
    wonValue: "Won value",
    wonValueCsv: "Won value (£)",
  },
  funnelQuoted: "Quoted",
  funnelWon: "Won",
} as const;

/** The API's query: the Insights range, and for the CSV the view. */
export const wonValueQuerySchema = insightsRangeSchema.omit({ table: true }).extend({
  view: z.enum(WON_VIEWS, { message: WON_MESSAGES.invalidView }).optional(),
});
export type WonValueQuery = z.infer<typeof wonValueQuerySchema>;

export const wonCountsSchema = z.object({
  enquiries: z.int(),
  quoted: z.int(),
  won: z.int(),
  lost: z.int(),
  wonPence: z.int().meta({ description: "The won enquiries' value in pence" }),
  winRatePercent: z.int().nullable().meta({ description: "Won of those won or lost; null: none decided" }),
});

export const wonRowSchema = wonCountsSchema.extend({
  key: z.string().meta({
    description: 'The landing path, domain, utm_campaign, form or business type; "": unknown',
  }),
  source: z.string().optional().meta({ description: "The campaign view: utm_source" }),
});

export const wonReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  total: wonCountsSchema,
  views: z.object(
    Object.fromEntries(WON_VIEWS.map((v) => [v, z.array(wonRowSchema)])) as Record<
      WonView,
      z.ZodArray<typeof wonRowSchema>
    >,
  ),
});

/** Counts with their win rate, as the API answers them. */
export const withWinRate = <T extends WonCounts>(counts: T) => ({
  ...counts,
  winRatePercent: winRatePercent(counts.won, counts.lost),
});

/** The won value as the screen writes it: '£1,234.56'. */
export const formatWonValue = (pence: number) => formatPence(pence);

/** A view's first columns (what the row is) and how each is written. */
export function wonKeyCells(view: WonView, row: WonRow): string[] {
  switch (view) {
    case "landing":
      return [
        row.key === ""
          ? WON_MESSAGES.unknownLanding
          : row.key === OTHER_PATH
            ? INSIGHTS_MESSAGES.other
            : row.key,
      ];
    case "referrer":
      return [row.key === "" ? INSIGHTS_MESSAGES.direct : row.key];
    case "campaign":
      return row.key === "" && row.source === ""
        ? [WON_MESSAGES.noCampaign, ""]
        : [row.source || "–", row.key || "–"];
    case "form":
      return [KIND_LABELS[row.key as EnquiryKind] ?? row.key];
    case "business":
      return [row.key === "" ? WON_MESSAGES.noBusinessType : row.key];
  }
}

/** A view's heading cells (what the row is). */
export function wonKeyColumns(view: WonView): string[] {
  const c = WON_MESSAGES.columns;
  return view === "campaign" ? [c.source, c.campaign] : [c[view]];
}

/**
 * The funnel past "submitted" (PIPELINE_FUNNEL_STAGES): each counted form's enquiries of the range
 * that were quoted and won, from the report's form view (the beacon counts up to "submitted").
 */
export function pipelineFunnel(report: Pick<WonReport, "views">): Array<{
  form: InsightsForm;
  stage: (typeof PIPELINE_FUNNEL_STAGES)[number];
  count: number;
}> {
  return INSIGHTS_FORMS.flatMap((form) => {
    const row = report.views.form.find((r) => r.key === form);
    return [
      { form, stage: "quoted" as const, count: row?.quoted ?? 0 },
      { form, stage: "won" as const, count: row?.won ?? 0 },
    ];
  });
}
