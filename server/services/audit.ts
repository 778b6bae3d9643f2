import { and, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import { AUDIT_LIMITS, type AuditAction, type AuditPage, type AuditQuery } from "../../common/audit";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import { createWorker } from "../workers";

/** Who acted: the colleague's id and their e-mail as it is now (kept as a copy). */
export interface AuditActor {
  id?: string | null;
  email: string;
}

/**
 * One entry. `target` is what was acted on: an id and a short label (a post's title, a
 * colleague's e-mail, "3 enquiries") — NEVER a lead's name, e-mail, phone or message; for
 * enquiry and privacy actions give the enquiry ids (`id`, comma-separated) or a count only.
 * `ip`: the client's address, kept for sign-ins (security information; staff's personal data,
 * deleted with the row after two years).
 */
export interface AuditEvent {
  action: AuditAction;
  actor?: AuditActor | null;
  target?: { id?: string | null; label?: string | null } | null;
  ip?: string | null;
  at?: Date;
}

/** A database or the caller's transaction: the entry is written in it when given. */
export type AuditWriter = Pick<Database, "insert">;

const cut = (value: string | null | undefined, max: number) =>
  value == null ? null : value.length > max ? `${value.slice(0, max - 1)}…` : value;

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const MONTH_MS = 30.4375 * 24 * 60 * 60 * 1000;

/** `at|id` of a row: the keyset cursor of the page after it. */
const cursorOf = (row: { at: Date; id: string }) => `${row.at.toISOString()}|${row.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split("|");
  const date = new Date(at ?? "");
  if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) return undefined;
  return { at: date, id: id as string };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

/**
 * Records one entry with `tx` (a database or the caller's transaction, so the entry is written
 * only if the action is). Services that hold no `services.audit` call this with their own handle.
 */
export async function recordAudit(tx: AuditWriter, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    action: event.action,
    actorId: event.actor?.id ?? null,
    actorEmail: cut(event.actor?.email, AUDIT_LIMITS.email),
    targetId: cut(event.target?.id ?? null, AUDIT_LIMITS.label),
    targetLabel: cut(event.target?.label ?? null, AUDIT_LIMITS.label),
    ip: cut(event.ip ?? null, 64),
    ...(event.at ? { at: event.at } : {}),
  });
}

export function createAuditService(db: Database, options: { retentionMonths?: number } = {}) {
  const retentionMonths = options.retentionMonths ?? AUDIT_LIMITS.retentionMonths;

  async function prune(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - retentionMonths * MONTH_MS);
    const deleted = await db
      .delete(auditEvents)
      .where(lt(auditEvents.at, before))
      .returning({ id: auditEvents.id });
    return deleted.length;
  }

  return {
    /**
     * Records one entry, in the caller's transaction when `tx` is given (so it is written only if
     * the action is). Never throws for a missing actor (a failed sign-in has none).
     */
    async record(event: AuditEvent, tx: AuditWriter = db): Promise<void> {
      await recordAudit(tx, event);
    },

    /** A page of entries, newest first, filtered (common/audit.ts: auditQuerySchema). */
    async list(query: AuditQuery = {}): Promise<AuditPage> {
      const limit = query.limit ?? AUDIT_LIMITS.page;
      const where: SQL[] = [];
      if (query.action) where.push(eq(auditEvents.action, query.action));
      if (query.person) where.push(eq(auditEvents.actorEmail, query.person.toLowerCase()));
      if (query.from) where.push(gte(auditEvents.at, dayStart(query.from)));
      if (query.to) where.push(lt(auditEvents.at, nextDayStart(query.to)));
      const cursor = parseCursor(query.before);
      if (cursor) {
        const older = or(
          lt(auditEvents.at, cursor.at),
          and(eq(auditEvents.at, cursor.at), lt(auditEvents.id, cursor.id)),
        );
        if (older) where.push(older);
      }
      const rows = await db
        .select()
        .from(auditEvents)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        events: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          action: row.action,
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          targetId: row.targetId,
          targetLabel: row.targetLabel,
          ip: row.ip,
        })),
        next: rows.length > limit ? cursorOf(page[page.length - 1] as { at: Date; id: string }) : null,
      };
    },

    /** The e-mails that appear as actors (the screen's person filter offers them). */
    async people(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: auditEvents.actorEmail })
        .from(auditEvents)
        .orderBy(auditEvents.actorEmail);
      return rows.flatMap((row) => (row.email ? [row.email] : []));
    },

    /** Deletes entries older than the retention (AUDIT_LIMITS.retentionMonths); how many. */
    prune,

    /** The retention worker, in the services' list (server/workers.ts): prunes at start, then hourly (every instance may run it). */
    worker: createWorker({
      name: "audit-retention",
      everyMs: PRUNE_INTERVAL_MS,
      async run({ log }) {
        const count = await prune();
        if (count > 0) log?.info({ rows: count }, "audit: entries past retention deleted");
      },
    }),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
