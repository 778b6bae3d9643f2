import { asc, eq, sql } from "drizzle-orm";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import {
  CLOSED_REASON,
  CLOSED_REASON_LABEL,
  canMove,
  DEFAULT_LOST_REASONS,
  type LostReason,
  PIPELINE_LIMITS,
  reasonId,
  STAGE_MESSAGES,
  type StageMove,
} from "../../../common/pipeline/stages";
import type { Role } from "../../../common/staff/roles";
import type { Database } from "../../db/client";
import { enquiries, lostReasons } from "../../db/schema";
import { authorize } from "../access";
import { recordAudit } from "../audit";
import { type StageActor, writeStage } from "./stage-write";

/** The colleague acting, with the role `authorize` asks about. */
export interface PipelineActor extends StageActor {
  role: Role;
}

/**
 * The pipeline's stages (issue 49): a colleague moves an enquiry along New → Contacted → Quoted
 * → Won or Lost and back where a person would (common/pipeline/stages.ts STAGE_MOVES), and the
 * Owner keeps the lost reasons. Desk and Owner move ("enquiries"); only the Owner edits the
 * reasons ("pipeline-settings"). `wake`: the outbox, after webhooks were queued; `changed`: the
 * dashboard's figures.
 */
export function createStageService(db: Database, options: { wake?: () => void; changed?: () => void } = {}) {
  const wake = options.wake ?? (() => {});
  const changed = options.changed ?? (() => {});

  /**
   * Every reason: the defaults (as the Owner changed them) then the Owner's own, in their order;
   * `all` adds the archived ones and the system's `closed`, which name reasons already given.
   */
  async function reasons(all = false): Promise<LostReason[]> {
    const rows = await db
      .select()
      .from(lostReasons)
      .orderBy(asc(lostReasons.position), asc(lostReasons.createdAt));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const defaults = DEFAULT_LOST_REASONS.map((d) => ({
      id: d.id as string,
      label: d.label as string,
      archived: byId.get(d.id)?.archived ?? false,
    }));
    const own = rows
      .filter((r) => !DEFAULT_LOST_REASONS.some((d) => d.id === r.id))
      .map((r) => ({ id: r.id, label: r.label, archived: r.archived }));
    const list = [...defaults, ...own];
    if (!all) return list.filter((r) => !r.archived);
    return [...list, { id: CLOSED_REASON, label: CLOSED_REASON_LABEL, archived: true }];
  }

  /** Moves the enquiry's stage; refused for an impossible move, Lost without an offered reason or a spam enquiry. */
  async function move(id: string, input: StageMove, by: PipelineActor): Promise<void> {
    authorize(by, "enquiries");
    if (!UUID_SHAPE.test(id)) throw new NotFound(INBOX_MESSAGES.notFound);
    if (input.stage === "lost") {
      const offered = await reasons();
      if (!offered.some((r) => r.id === input.reason)) throw new Invalid(STAGE_MESSAGES.unknownReason);
    }
    let queued = 0;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: enquiries.status, stage: enquiries.stage })
        .from(enquiries)
        .where(eq(enquiries.id, id))
        .for("update");
      if (!row) throw new NotFound(INBOX_MESSAGES.notFound);
      if (row.status === "spam") throw new Conflict(STAGE_MESSAGES.spam);
      if (row.stage === input.stage) throw new Conflict(STAGE_MESSAGES.sameStage(row.stage));
      if (!canMove(row.stage, input.stage))
        throw new Conflict(STAGE_MESSAGES.impossibleMove(row.stage, input.stage));
      queued = await writeStage(
        tx,
        id,
        {
          from: row.stage,
          to: input.stage,
          reason: input.reason,
          note: input.note,
          valuePence: input.valuePence,
        },
        by,
      );
    });
    if (queued > 0) wake();
    changed();
  }

  /** A reason the Owner adds; Conflict when one of that name (or id) exists, archived or not. */
  async function addReason(label: string, by: PipelineActor): Promise<LostReason> {
    authorize(by, "pipeline-settings");
    const id = reasonId(label);
    const existing = await reasons(true);
    if (existing.some((r) => r.id === id || r.label.toLowerCase() === label.toLowerCase())) {
      throw new Conflict(STAGE_MESSAGES.reasonExists);
    }
    if (existing.length - 1 >= PIPELINE_LIMITS.reasons) throw new Conflict(STAGE_MESSAGES.tooManyReasons);
    await db.transaction(async (tx) => {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${lostReasons.position}), 0) + 1` })
        .from(lostReasons);
      await tx.insert(lostReasons).values({ id, label, position: Number(next) });
      await recordAudit(tx, {
        action: "lost_reasons_changed",
        actor: by,
        target: { id, label: `Added ${label}` },
      });
    });
    return { id, label, archived: false };
  }

  /** Archives (no longer offered) or restores a reason; enquiries lost for it keep it. */
  async function setArchived(id: string, archived: boolean, by: PipelineActor): Promise<LostReason> {
    authorize(by, "pipeline-settings");
    if (id === CLOSED_REASON) throw new Conflict(STAGE_MESSAGES.systemReason);
    const reason = (await reasons(true)).find((r) => r.id === id);
    if (!reason) throw new NotFound(STAGE_MESSAGES.reasonNotFound);
    await db.transaction(async (tx) => {
      await tx
        .insert(lostReasons)
        .values({ id, label: reason.label, archived })
        .onConflictDoUpdate({ target: lostReasons.id, set: { archived } });
      await recordAudit(tx, {
        action: "lost_reasons_changed",
        actor: by,
        target: { id, label: `${archived ? "Archived" : "Restored"} ${reason.label}` },
      });
    });
    return { ...reason, archived };
  }

  return { reasons, move, addReason, setArchived };
}

export type StageService = ReturnType<typeof createStageService>;
