import type { StaffEnquiryStatus } from "../leads/enquiry-terms";
import { withStorableText } from "../text";
import { z } from "../zod";
import { MAX_UNIT_PRICE_PENCE } from "./money";

/**
 * The pipeline: where an enquiry stands on its way to work won or lost (issue 49). The stage sits
 * beside the inbox's status, which stays what it was (CONTRACT's status API answers as before):
 * each stage has its status (`STAGE_STATUS`), so a stage move sets the status too, and a status
 * set through the old API moves the stage only when the stage no longer fits it
 * (`stageForStatus`). Spam keeps its stage (new) and is moved by neither until it is rescued.
 */
export const STAGES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

/**
 * The moves a person makes: forward along New → Contacted → Quoted → Won, Lost from any open
 * stage, and back where a person would (a lead called too soon goes back to New, a quote
 * withdrawn back to Contacted, a win that fell through back to Quoted, a lost lead that calls
 * again back to Contacted).
 */
export const STAGE_MOVES: Record<Stage, readonly Stage[]> = {
  new: ["contacted", "lost"],
  contacted: ["new", "quoted", "lost"],
  quoted: ["contacted", "won", "lost"],
  won: ["quoted"],
  lost: ["contacted"],
};

export const canMove = (from: Stage, to: Stage) => STAGE_MOVES[from].includes(to);

/** The inbox status each stage shows as. */
export const STAGE_STATUS: Record<Stage, StaffEnquiryStatus> = {
  new: "new",
  contacted: "contacted",
  quoted: "contacted",
  won: "closed",
  lost: "closed",
};

/**
 * The stage a status set through the status API leaves: the stage as it is when it shows as that
 * status already (a quoted enquiry set to 'contacted' stays Quoted, a won one set to 'closed'
 * stays Won), otherwise the status's own stage; 'closed' without a stage is Lost for the
 * reason `CLOSED_REASON` (no reason was given).
 */
export function stageForStatus(stage: Stage, status: StaffEnquiryStatus): Stage {
  if (STAGE_STATUS[stage] === status) return stage;
  return status === "closed" ? "lost" : status;
}

/**
 * The lost reason the system gives: an enquiry closed before the stages existed (the migration)
 * or through the status API, which asks for no reason. Not offered to staff, never archived.
 */
export const CLOSED_REASON = "closed";

/** The reasons the Owner starts with (the migration stores them; the Owner adds and retires more). */
export const DEFAULT_LOST_REASONS = [
  { id: "price", label: "Price" },
  { id: "timing", label: "Timing" },
  { id: "went-elsewhere", label: "Went elsewhere" },
  { id: "no-reply", label: "No reply" },
  { id: "not-a-fit", label: "Not a fit" },
] as const;
export const CLOSED_REASON_LABEL = "Closed (no reason given)";

export const PIPELINE_LIMITS = {
  note: 2000,
  reasonLabel: 60,
  reasons: 30,
} as const;

export const STAGE_MESSAGES = {
  invalidStage: `Stage must be one of ${STAGES.join(", ")}`,
  invalidStageFilter: `Stage must be one of ${STAGES.join(", ")}`,
  impossibleMove: (from: Stage, to: Stage) =>
    `An enquiry cannot move from ${STAGE_LABELS[from]} to ${STAGE_LABELS[to]}`,
  sameStage: (stage: Stage) => `The enquiry is already ${STAGE_LABELS[stage]}`,
  reasonRequired: "Choose why it was lost",
  unknownReason: "Choose a reason from the list",
  reasonOnlyWhenLost: "A reason is given only when the enquiry is lost",
  valueOnlyWhenWon: "A value is given only when the enquiry is won",
  invalidValue: "The value is a whole number of pence, £0.00 or more",
  noteTooLong: `The note is at most ${PIPELINE_LIMITS.note} characters`,
  spam: "Mark the enquiry not spam before moving its stage",
  stageChanged: (from: string, to: string, note: string | null) =>
    `Stage ${from} → ${to}${note ? `: ${note}` : ""}`,
  reasonLabelEmpty: "Give the reason a name",
  reasonLabelTooLong: `A reason's name is at most ${PIPELINE_LIMITS.reasonLabel} characters`,
  reasonExists: "There is a reason of that name already",
  tooManyReasons: `Keep at most ${PIPELINE_LIMITS.reasons} reasons`,
  reasonNotFound: "No such reason",
  systemReason: "That reason is the system's and stays",
} as const;

const stageEnum = z.enum(STAGES, { error: STAGE_MESSAGES.invalidStage });

/** A stage move: Lost needs a reason (and may have a note); Won may carry the work's value in pence. */
export const stageMoveSchema = z
  .object(
    {
      stage: stageEnum,
      reason: z.string({ error: STAGE_MESSAGES.unknownReason }).trim().max(80).optional(),
      note: z.optional(
        withStorableText(
          z.string({ error: STAGE_MESSAGES.noteTooLong }).trim().max(PIPELINE_LIMITS.note, {
            error: STAGE_MESSAGES.noteTooLong,
          }),
        ),
      ),
      valuePence: z
        .int({ error: STAGE_MESSAGES.invalidValue })
        .min(0, { error: STAGE_MESSAGES.invalidValue })
        .max(MAX_UNIT_PRICE_PENCE * 100, { error: STAGE_MESSAGES.invalidValue })
        .optional(),
    },
    { error: STAGE_MESSAGES.invalidStage },
  )
  .superRefine((move, ctx) => {
    if (move.stage === "lost" && !move.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: STAGE_MESSAGES.reasonRequired });
    }
    if (move.stage !== "lost" && move.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: STAGE_MESSAGES.reasonOnlyWhenLost });
    }
    if (move.stage !== "won" && move.valuePence !== undefined) {
      ctx.addIssue({ code: "custom", path: ["valuePence"], message: STAGE_MESSAGES.valueOnlyWhenWon });
    }
  });
export type StageMove = z.infer<typeof stageMoveSchema>;

export const stageFilterSchema = z.enum(STAGES, { error: STAGE_MESSAGES.invalidStageFilter });

/** A lost reason the Owner adds: its name (its id is made from it). */
export const lostReasonInputSchema = z.object(
  {
    label: withStorableText(
      z
        .string({ error: STAGE_MESSAGES.reasonLabelEmpty })
        .trim()
        .min(1, { error: STAGE_MESSAGES.reasonLabelEmpty })
        .max(PIPELINE_LIMITS.reasonLabel, { error: STAGE_MESSAGES.reasonLabelTooLong }),
    ),
  },
  { error: STAGE_MESSAGES.reasonLabelEmpty },
);

/** A reason's id from its name: 'Went elsewhere' is went-elsewhere. */
export const reasonId = (label: string) =>
  label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "reason";

export const lostReasonSchema = z.object({
  id: z.string(),
  label: z.string(),
  archived: z
    .boolean()
    .meta({ description: "Retired: kept on the enquiries lost for it, no longer offered" }),
});
export type LostReason = z.infer<typeof lostReasonSchema>;

/** Where an enquiry stands in the pipeline beyond its stage (on the enquiry's detail). */
export const pipelineViewSchema = z.object({
  stageChangedAt: z.iso.datetime().nullable().meta({ description: "null: never moved" }),
  lostReason: z.string().nullable().meta({ description: "The lost reason's id, while Lost" }),
  lostNote: z.string().nullable(),
  wonPence: z.int().nullable().meta({ description: "The work's value in pence, while Won (if known)" }),
});
export type PipelineView = z.infer<typeof pipelineViewSchema>;
