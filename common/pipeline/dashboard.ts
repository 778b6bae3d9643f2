import { z } from "../zod";
import { STAGE_LABELS, type Stage } from "./stages";

/**
 * The pipeline's figures on the dashboard (issue 49), for Desk and Owner ("dashboard"): the open
 * pipeline's value by stage, the work won this month, the win rate over 90 days and the quotes
 * whose last valid day is in the coming week. Money in pence (formatted by common/pipeline/money.ts).
 */
export const OPEN_STAGES = ["new", "contacted", "quoted"] as const satisfies readonly Stage[];
export type OpenStage = (typeof OPEN_STAGES)[number];

/** The win rate's window, in days back from now. */
export const WIN_RATE_DAYS = 90;
/** Quotes "expiring this week": a sent quote whose last valid day is today or in the next 6 days (London). */
export const EXPIRING_DAYS = 7;
/** Expiring quotes the dashboard lists by name (the count says how many in all). */
export const EXPIRING_LIST_MAX = 10;

export interface PipelineFigures {
  /** Each open stage: its enquiries (spam aside) and the total of their quotes sent and still valid. */
  open: Array<{ stage: OpenStage; enquiries: number; valuePence: number }>;
  /** Moved to Won since the first of this month (London): how many and their value. */
  wonThisMonth: { enquiries: number; valuePence: number };
  /** Won and lost in the last WIN_RATE_DAYS days (by when they moved). */
  winRate: { won: number; lost: number; percent: number | null };
  /** Sent quotes whose last valid day is within EXPIRING_DAYS days from today (London). */
  expiring: {
    count: number;
    valuePence: number;
    quotes: Array<{
      id: string;
      enquiryId: string;
      number: string;
      version: number;
      validUntil: string;
      totalPence: number;
    }>;
  };
}

export const PIPELINE_FIGURES_MESSAGES = {
  heading: "Pipeline",
  openHeading: "Open pipeline by stage",
  stage: "Stage",
  enquiries: "Enquiries",
  value: "Quoted value",
  stageName: (stage: OpenStage) => STAGE_LABELS[stage],
  total: "Open in all",
  wonThisMonth: "Won this month",
  wonCount: (n: number) => `${n} enquir${n === 1 ? "y" : "ies"} won`,
  winRate: `Win rate (${WIN_RATE_DAYS} days)`,
  winRateOf: (won: number, lost: number) => `${won} won of ${won + lost} won or lost`,
  noneDecided: "None won or lost yet",
  expiring: "Quotes expiring this week",
  expiringNone: "None in the next 7 days",
  expiringTotal: (n: number) => `${n} quote${n === 1 ? "" : "s"}`,
  validUntil: (day: string) => `valid until ${day}`,
  openBoard: "Open the pipeline board",
} as const;

const money = z.int().meta({ description: "pence" });
export const pipelineFiguresSchema = z.object({
  open: z.array(z.object({ stage: z.enum(OPEN_STAGES), enquiries: z.int(), valuePence: money })),
  wonThisMonth: z.object({ enquiries: z.int(), valuePence: money }),
  winRate: z.object({
    won: z.int(),
    lost: z.int(),
    percent: z.int().nullable().meta({ description: "Won of those won or lost; null: none decided" }),
  }),
  expiring: z.object({
    count: z.int(),
    valuePence: money,
    quotes: z.array(
      z.object({
        id: z.string(),
        enquiryId: z.string(),
        number: z.string(),
        version: z.int(),
        validUntil: z.string(),
        totalPence: money,
      }),
    ),
  }),
});
