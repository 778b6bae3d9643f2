import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type ActivePopup,
  POPUP_API_MESSAGES,
  type Popup,
  type PopupInput,
} from "../../../common/content/popup";
import { NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import type { Database } from "../../db/client";
import { ADVISORY_LOCKS } from "../../db/locks";
import { popups } from "../../db/schema";
import { type AuditActor, recordAudit } from "../audit";

type PopupRow = typeof popups.$inferSelect;

const toWire = (row: PopupRow): Popup => ({
  _id: row.id,
  title: row.title,
  content: row.content,
  navigation: row.navigation,
  activated: row.activated,
});

const UNIQUE_VIOLATION = "23505";

/** The popup itself; NotFound when there is none (a malformed id included). */
function found<T>(row: T | undefined): T {
  if (row === undefined) throw new NotFound(POPUP_API_MESSAGES.notFound);
  return row;
}

const wellFormed = (id: string) => found(UUID_SHAPE.test(id) ? id : undefined);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * Landing-page popups. At most one is active: the partial unique index guarantees it, and
 * activation switches the others off in the same transaction under an advisory lock, so
 * concurrent activations queue instead of colliding. Every write to one popup throws NotFound
 * when it does not exist.
 */
export function createPopupService(db: Database, { changed = () => {} }: { changed?: () => void } = {}) {
  async function list(): Promise<Popup[]> {
    const rows = await db.select().from(popups).orderBy(asc(popups.createdAt), asc(popups.id));
    return rows.map(toWire);
  }

  async function get(id: string): Promise<Popup> {
    const [row] = await db
      .select()
      .from(popups)
      .where(eq(popups.id, wellFormed(id)));
    return toWire(found(row));
  }

  /** The audit log's entry for a change by `by` (none: a script or a test). */
  async function audited(by: AuditActor | undefined, id: string, title: string, change: string) {
    if (by)
      await recordAudit(db, {
        action: "popup_changed",
        actor: by,
        target: { id, label: `${title} (${change})` },
      });
  }

  async function create(input: PopupInput, by?: AuditActor): Promise<Popup> {
    const [row] = await db.insert(popups).values(input).returning();
    await audited(by, row.id, row.title, "created");
    changed();
    return toWire(row);
  }

  async function update(id: string, input: PopupInput, by?: AuditActor): Promise<Popup> {
    const [row] = await db
      .update(popups)
      .set(input)
      .where(eq(popups.id, wellFormed(id)))
      .returning();
    const popup = toWire(found(row));
    await audited(by, popup._id, popup.title, "edited");
    changed();
    return popup;
  }

  async function remove(id: string, by?: AuditActor): Promise<void> {
    const [deleted] = await db
      .delete(popups)
      .where(eq(popups.id, wellFormed(id)))
      .returning({ id: popups.id, title: popups.title });
    found(deleted);
    await audited(by, id, deleted?.title ?? "", "deleted");
    changed();
  }

  /** Activates this popup and deactivates every other one. */
  async function activate(id: string, by?: AuditActor): Promise<void> {
    wellFormed(id);
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.popupActivation})`);
          // Others off first: the unique index is checked row by row.
          await tx
            .update(popups)
            .set({ activated: false })
            .where(and(eq(popups.activated, true), ne(popups.id, id)));
          // A missing popup rolls back: the others stay as they were.
          const [row] = await tx
            .update(popups)
            .set({ activated: true })
            .where(eq(popups.id, id))
            .returning({ id: popups.id, title: popups.title });
          found(row);
          if (by && row)
            await recordAudit(tx, {
              action: "popup_changed",
              actor: by,
              target: { id, label: `${row.title} (activated)` },
            });
        });
        changed();
        return;
      } catch (error) {
        // Belt and braces: the lock makes this unreachable, but a collision must never be a 5xx.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  async function deactivate(id: string, by?: AuditActor): Promise<void> {
    const [updated] = await db
      .update(popups)
      .set({ activated: false })
      .where(eq(popups.id, wellFormed(id)))
      .returning({ id: popups.id, title: popups.title });
    found(updated);
    await audited(by, id, updated?.title ?? "", "deactivated");
    changed();
  }

  async function active(): Promise<ActivePopup | null> {
    const [row] = await db
      .select({ title: popups.title, content: popups.content, navigation: popups.navigation })
      .from(popups)
      .where(eq(popups.activated, true))
      .limit(1);
    return row ?? null;
  }

  async function hasPopups(): Promise<boolean> {
    const rows = await db.select({ id: popups.id }).from(popups).limit(1);
    return rows.length > 0;
  }

  return { list, get, create, update, remove, activate, deactivate, active, hasPopups };
}

export type PopupService = ReturnType<typeof createPopupService>;
