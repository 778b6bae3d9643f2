import { eq, sql } from "drizzle-orm";
import { AUDIT_LIMITS } from "../../../common/audit";
import { STAGE_LABELS, STAGE_STATUS, type Stage } from "../../../common/pipeline/stages";
import type { Database } from "../../db/client";
import { enquiries, enquiryEvents } from "../../db/schema";
import { recordAudit } from "../audit";
import { queueWebhooks } from "../webhooks/queue";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who moved it: the signed-in colleague (null: the system, e.g. a customer's acceptance). */
export interface StageActor {
  id: string;
  email: string;
}

export interface StageChange {
  from: Stage;
  to: Stage;
  /** While Lost: the reason's id and the colleague's note. */
  reason?: string | null;
  note?: string | null;
  /** While Won: the work's value in pence, when known. */
  valuePence?: number | null;
  /** Where the move came from when it was not a person's stage move (e.g. "status", "quote Q-2026-0001"). */
  via?: string;
}

/**
 * Writes a stage move in the caller's transaction (the enquiry's row already locked): the stage
 * and the status it shows as (unless `keepStatus`, when the status API set it), the Lost or Won
 * details (cleared when leaving), the timeline's entry, the activity record (the enquiry's id
 * and the stages, never the note) and the `enquiry.stage_changed` webhooks. Answers how many
 * webhook deliveries were queued (the caller wakes the outbox when any were).
 */
export async function writeStage(
  tx: Tx,
  enquiryId: string,
  change: StageChange,
  by: StageActor | null,
  options: { keepStatus?: boolean } = {},
): Promise<number> {
  const lost = change.to === "lost";
  const won = change.to === "won";
  await tx
    .update(enquiries)
    .set({
      stage: change.to,
      stageChangedAt: sql`now()`,
      lostReason: lost ? (change.reason ?? null) : null,
      lostNote: lost ? change.note || null : null,
      wonPence: won ? (change.valuePence ?? null) : null,
      ...(options.keepStatus ? {} : { status: STAGE_STATUS[change.to], statusChangedAt: sql`now()` }),
    })
    .where(eq(enquiries.id, enquiryId));
  const data: Record<string, string | null> = { from: change.from, to: change.to };
  if (lost) {
    data.reason = change.reason ?? null;
    if (change.note) data.note = change.note;
  }
  if (won && change.valuePence != null) data.value = String(change.valuePence);
  if (change.via) data.via = change.via;
  await tx.insert(enquiryEvents).values({
    enquiryId,
    adminId: by?.id,
    adminEmail: by?.email,
    type: "stage",
    data,
  });
  await recordAudit(tx, {
    action: "enquiry_stage_changed",
    actor: by,
    target: {
      id: enquiryId,
      label: `${STAGE_LABELS[change.from]} → ${STAGE_LABELS[change.to]}`.slice(0, AUDIT_LIMITS.label),
    },
  });
  return queueWebhooks(tx, "enquiry.stage_changed", enquiryId);
}
