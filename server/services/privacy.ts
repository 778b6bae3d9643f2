import { and, desc, eq, inArray, lt, ne, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { enquiryReference } from "../../common/confirmation";
import type { EnquiryView, TimelineEntry } from "../../common/enquiry-inbox";
import { PRIVACY_MESSAGES } from "../../common/privacy";
import { normalEmail } from "../../common/text";
import type { Database } from "../db/client";
import { containsPattern } from "../db/like";
import { enquiries, enquiryEvents, mailOutbox } from "../db/schema";
import { officeNotification } from "../mail/outbox";
import type { Actor } from "./enquiries";
import { csvHeader, csvRows } from "./enquiry-csv";

/** How often each instance looks for enquiries past the retention period. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** One enquiry as exported to the visitor: what they sent, where it is, and its timeline. */
export type PrivacyExport = EnquiryView & { reference: string; timeline: TimelineEntry[] };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// The visitor's address: top level for contact and callback forms, under `contact` for a quote.
const visitorEmail = sql`lower(trim(coalesce(${enquiries.fields}->>'email', ${enquiries.fields}->'contact'->>'email')))`;

const notErased = notExists(
  sql`(select 1 from ${enquiryEvents} where ${enquiryEvents.enquiryId} = ${enquiries.id} and ${enquiryEvents.type} = 'erased')`,
);

/**
 * UK GDPR tools: every enquiry of an e-mail address, exported or erased, and the
 * retention worker that erases closed and spam enquiries `retentionMonths` after they arrived
 * (0: kept). Erasing is idempotent, so every instance of a cluster may run the worker.
 */
export function createPrivacyService(db: Database, settings: { retentionMonths: number }) {
  let erasedTotal = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let log: FastifyBaseLogger | undefined;

  async function rows(where: SQL | undefined): Promise<EnquiryView[]> {
    const found = await db
      .select({ e: enquiries, m: { state: mailOutbox.state, attempts: mailOutbox.attempts } })
      .from(enquiries)
      .leftJoin(mailOutbox, officeNotification)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id));
    return found.map(({ e, m }) => ({
      _id: e.id,
      kind: e.kind,
      createdAt: e.createdAt.toISOString(),
      status: e.status,
      statusChangedAt: e.statusChangedAt?.toISOString() ?? null,
      fields: e.fields,
      mail: m?.state ? { state: m.state, attempts: m.attempts } : null,
      source: e.source ?? null,
    }));
  }

  /** Every enquiry sent from `email` (any case, spaces around ignored), newest first. */
  function find(email: string): Promise<EnquiryView[]> {
    const address = normalEmail(email);
    if (!address) return Promise.resolve([]);
    // The trigram-indexed search column narrows it down; the visitor's address decides.
    return rows(
      and(sql`${enquiries.searchText} like ${containsPattern(address)}`, sql`${visitorEmail} = ${address}`),
    );
  }

  /** The enquiries of `email` with their references and timelines, for the visitor (JSON). */
  async function exportJson(email: string): Promise<PrivacyExport[]> {
    const found = await find(email);
    if (!found.length) return [];
    const events = await db
      .select()
      .from(enquiryEvents)
      .where(
        inArray(
          enquiryEvents.enquiryId,
          found.map((e) => e._id),
        ),
      )
      .orderBy(desc(enquiryEvents.at), desc(enquiryEvents.id));
    return found.map((e) => ({
      ...e,
      reference: enquiryReference(e._id),
      timeline: events
        .filter((r) => r.enquiryId === e._id)
        .map((r) => ({
          id: r.id,
          type: r.type,
          at: r.at.toISOString(),
          by: r.adminEmail,
          byId: r.adminId,
          data: r.data,
          editedAt: r.editedAt?.toISOString() ?? null,
        })),
    }));
  }

  /** The enquiries of `email` as the inbox's CSV (same columns). */
  async function exportCsv(email: string): Promise<string> {
    return csvHeader() + csvRows(await find(email));
  }

  /**
   * Erases one enquiry in `tx`: its fields and source emptied, its unsent mail dropped and the sent copies'
   * message and error cleared, its notes' and replies' text replaced by a tombstone, and one
   * 'erased' entry (who, when) added. False when it is gone or was already erased.
   */
  async function eraseIn(tx: Tx, id: string, by?: Actor): Promise<boolean> {
    const [row] = await tx
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(and(eq(enquiries.id, id), notErased))
      .for("update");
    if (!row) return false;
    // Checked again under the lock: another instance may have erased it meanwhile.
    const [done] = await tx
      .select({ id: enquiryEvents.id })
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.enquiryId, id), eq(enquiryEvents.type, "erased")));
    if (done) return false;
    await tx.update(enquiries).set({ fields: {}, source: null }).where(eq(enquiries.id, id));
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.enquiryId, id), ne(mailOutbox.state, "sent")));
    await tx.update(mailOutbox).set({ message: null, lastError: null }).where(eq(mailOutbox.enquiryId, id));
    await tx
      .update(enquiryEvents)
      .set({ data: { text: PRIVACY_MESSAGES.tombstone } })
      .where(and(eq(enquiryEvents.enquiryId, id), inArray(enquiryEvents.type, ["note", "reply"])));
    await tx
      .insert(enquiryEvents)
      .values({ enquiryId: id, adminId: by?.id, adminEmail: by?.email, type: "erased", data: {} });
    return true;
  }

  /** Erases every enquiry of `email` in one transaction; answers how many were erased. */
  async function erase(email: string, by: Actor): Promise<number> {
    const found = await find(email);
    if (!found.length) return 0;
    let count = 0;
    await db.transaction(async (tx) => {
      for (const e of found) if (await eraseIn(tx, e._id, by)) count++;
    });
    erasedTotal += count;
    return count;
  }

  /** Erases closed and spam enquiries that arrived more than the retention period before `now`. */
  async function eraseExpired(now = new Date()): Promise<number> {
    const months = settings.retentionMonths;
    if (months <= 0) return 0;
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    const due = await db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(and(inArray(enquiries.status, ["closed", "spam"]), lt(enquiries.createdAt, cutoff), notErased));
    let count = 0;
    // One transaction each: a long run never holds every row, and another instance skips what is done.
    for (const { id } of due) if (await db.transaction((tx) => eraseIn(tx, id))) count++;
    erasedTotal += count;
    return count;
  }

  const tick = () => {
    running = eraseExpired().then(
      (count) => {
        if (count > 0) log?.info({ enquiries: count }, "privacy: enquiries past retention erased");
      },
      (error) => log?.error({ err: error }, "privacy: retention failed"),
    );
  };

  return {
    find,
    exportJson,
    exportCsv,
    erase,
    eraseExpired,
    /** The worker: erases past the retention at start, then every RETENTION_INTERVAL_MS. */
    start(logger?: FastifyBaseLogger) {
      if (timer || settings.retentionMonths <= 0) return;
      log = logger;
      timer = setInterval(tick, RETENTION_INTERVAL_MS);
      timer.unref();
      tick();
    },
    /** Stops the worker once its pass in flight ends (shutdown). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** Enquiries erased by this instance since it started (/metrics). */
    stats: () => ({ erased: erasedTotal }),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
