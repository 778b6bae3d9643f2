import { and, desc, eq, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { AUDIT_MESSAGES } from "../../../common/audit";
import { enquiryReference } from "../../../common/leads/confirmation";
import type { EnquiryView, TimelineEntry } from "../../../common/leads/enquiry-inbox";
import { normalEmail } from "../../../common/text";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { REGISTRY, VISITOR_TABLES } from "../../db/registry";
import { enquiries, enquiryEvents, mailOutbox, quotes, webhookDeliveries } from "../../db/schema";
import { officeNotification } from "../../outbox/mail/outbox";
import { removeMailFiles } from "../../outbox/mail/transport";
import { createWorker } from "../../workers";
import { recordAudit } from "../audit";
import { queueWebhooks } from "../webhooks/queue";
import type { Actor } from "./enquiries";
import { csvHeader, csvRows } from "./enquiry-csv";
import { timelineEntry } from "./enquiry-rows";

/** How often each instance looks for enquiries past the retention period. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** One enquiry as exported to the visitor: what they sent, where it is, and its timeline. */
/** A quote as the visitor's export shows it: what it was, and what the visitor gave it (issue 49). */
export interface ExportedQuote {
  number: string;
  version: number;
  state: string;
  totalPence: number;
  validUntil: string;
  sentTo: string | null;
  sentAt: string | null;
  answeredAt: string | null;
  acceptedName: string | null;
  acceptedAddress: string | null;
  declineReason: string | null;
}
export type PrivacyExport = EnquiryView & {
  reference: string;
  timeline: TimelineEntry[];
  quotes: ExportedQuote[];
};

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// The visitor's address, in its own column for every kind.
const visitorEmail = sql`lower(${enquiries.email})`;

const notErased = notExists(
  sql`(select 1 from ${enquiryEvents} where ${enquiryEvents.enquiryId} = ${enquiries.id} and ${enquiryEvents.type} = 'erased')`,
);

/**
 * UK GDPR tools: every enquiry of an e-mail address, exported or erased, and the
 * retention worker that erases closed and spam enquiries `retentionMonths` after they arrived
 * (0: kept). Erasing is idempotent, so every instance of a cluster may run the worker.
 */
export function createPrivacyService(
  db: Database,
  settings: {
    retentionMonths: number;
    /** Where mail files are written without SMTP_URL (DATA_DIR). */
    dataDir?: string;
    /** Asks the outbox worker for a pass (an erasure queues its `enquiry.erased` webhooks). */
    wake?: () => void;
    /** Other rows the hourly worker deletes when past their retention (the webhooks' delivery log). */
    prune?: (now: Date) => Promise<number>;
  },
) {
  let erasedTotal = 0;
  /** The worker's logger (given at its start), for the erasures' own lines too. */
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
      stage: e.stage,
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

  /**
   * The audit log's entry for an export or erasure by `by`: the enquiries' ids and their count,
   * never the visitor's address or details.
   */
  async function audit(
    action: "privacy_exported" | "privacy_erased",
    ids: string[],
    by: Actor | undefined,
    tx: Pick<Database, "insert"> = db,
  ) {
    if (!by) return;
    await recordAudit(tx, {
      action,
      actor: by,
      target: { id: ids.length ? ids.join(",") : null, label: AUDIT_MESSAGES.enquiryCount(ids.length) },
    });
  }

  /** The enquiries of `email` with their references, timelines and quotes, for the visitor (JSON). */
  async function exportJson(email: string, by?: Actor): Promise<PrivacyExport[]> {
    const found = await find(email);
    await audit(
      "privacy_exported",
      found.map((e) => e._id),
      by,
    );
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
    const quoted = await db
      .select()
      .from(quotes)
      .where(
        inArray(
          quotes.enquiryId,
          found.map((e) => e._id),
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.version));
    return found.map((e) => ({
      ...e,
      reference: enquiryReference(e._id),
      timeline: events.filter((r) => r.enquiryId === e._id).map(timelineEntry),
      quotes: quoted
        .filter((q) => q.enquiryId === e._id)
        .map((q) => ({
          number: q.number,
          version: q.version,
          state: q.state,
          totalPence: q.totalPence,
          validUntil: q.validUntil,
          sentTo: q.recipient,
          sentAt: q.sentAt?.toISOString() ?? null,
          answeredAt: q.answeredAt?.toISOString() ?? null,
          acceptedName: q.acceptedName,
          acceptedAddress: q.acceptedAddress,
          declineReason: q.declineReason,
        })),
    }));
  }

  /** The enquiries of `email` as the inbox's CSV (same columns). */
  async function exportCsv(email: string, by?: Actor): Promise<string> {
    const found = await find(email);
    await audit(
      "privacy_exported",
      found.map((e) => e._id),
      by,
    );
    return csvHeader() + csvRows(found);
  }

  /**
   * What the table registry (server/db/registry.ts) says erasure does, on every table tied to
   * the enquiry: rows deleted (unsent mail), visitor columns cleared (the fields, the visitor's
   * name, e-mail and phone, the source, sent mail's message and error) or replaced by a tombstone
   * (the text of notes and replies).
   */
  async function eraseRows(tx: Tx, id: string) {
    const column = (name: string) => sql.identifier(name);
    const anyOf = (values: readonly string[]) =>
      sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
    for (const table of VISITOR_TABLES) {
      const entry = REGISTRY[table];
      const erasure = entry.erasure;
      if (!erasure) continue;
      const mine = sql`${column(erasure.by)} = ${id}`;
      for (const [name, keep] of Object.entries(erasure.deleteRows ?? {}))
        await tx.execute(
          sql`delete from ${column(table)} where ${mine} and ${column(name)} not in (${anyOf(keep.not)})`,
        );
      const json = (value: unknown) =>
        value === undefined ? sql`null` : sql`${JSON.stringify(value)}::jsonb`;
      const cleared = Object.entries(entry.columns).flatMap(([name, c]) =>
        c.erase === "clear" ? [sql`${column(name)} = ${json(c.empty)}`] : [],
      );
      if (cleared.length > 0)
        await tx.execute(sql`update ${column(table)} set ${sql.join(cleared, sql`, `)} where ${mine}`);
      for (const [name, c] of Object.entries(entry.columns)) {
        if (c.erase !== "tombstone") continue;
        const only = Object.entries(c.where ?? {}).map(
          ([on, values]) => sql` and ${column(on)} in (${anyOf(values)})`,
        );
        await tx.execute(
          sql`update ${column(table)} set ${column(name)} = ${json(c.value)} where ${mine}${sql.join(only)}`,
        );
      }
    }
  }

  /**
   * Erases one enquiry in `tx` as the registry says (eraseRows) and adds one 'erased' entry
   * (who, when). Answers the enquiry's mail rows (their files go once the erasure is committed),
   * or false when it is gone or was already erased.
   */
  async function eraseIn(tx: Tx, id: string, by?: Actor): Promise<string[] | false> {
    const [row] = await tx
      .select({ id: enquiries.id, status: enquiries.status })
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
    const mail = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.enquiryId, id));
    // Receivers that were told of it are told it is gone (spam never sent is not announced).
    const [announced] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.enquiryId, id))
      .limit(1);
    await eraseRows(tx, id);
    if (row.status !== "spam" || announced) await queueWebhooks(tx, "enquiry.erased", id);
    await tx
      .insert(enquiryEvents)
      .values({ enquiryId: id, adminId: by?.id, adminEmail: by?.email, type: "erased", data: {} });
    return mail.map((m) => m.id);
  }

  /** Without SMTP_URL each message is also a file: an erased enquiry's go too. */
  async function removeFiles(mailIds: string[]) {
    if (!settings.dataDir || mailIds.length === 0) return;
    try {
      await removeMailFiles(settings.dataDir, mailIds);
    } catch (error) {
      log?.error({ err: error, files: mailIds.length }, "privacy: erased enquiries' mail files not removed");
    }
  }

  /** Erases every enquiry of `email` in one transaction; answers how many were erased. */
  async function erase(email: string, by: Actor): Promise<number> {
    const found = await find(email);
    if (!found.length) return 0;
    let count = 0;
    const mailIds: string[] = [];
    await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const e of found) {
        const erased = await eraseIn(tx, e._id, by);
        if (erased) {
          count++;
          ids.push(e._id);
          mailIds.push(...erased);
        }
      }
      await audit("privacy_erased", ids, by, tx);
    });
    await removeFiles(mailIds);
    erasedTotal += count;
    if (count > 0) settings.wake?.();
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
    for (const { id } of due) {
      const erased = await db.transaction((tx) => eraseIn(tx, id));
      if (erased) {
        count++;
        await removeFiles(erased);
      }
    }
    erasedTotal += count;
    if (count > 0) settings.wake?.();
    return count;
  }

  /** One pass of the worker: the delivery log's retention and the enquiries' (each logged apart). */
  async function retain() {
    await Promise.all([
      settings.prune?.(new Date()).then(
        (count) => {
          if (count > 0) log?.info({ rows: count }, "privacy: delivery log rows past retention deleted");
        },
        (error) => log?.error({ err: error }, "privacy: delivery log retention failed"),
      ),
      eraseExpired().then(
        (count) => {
          if (count > 0) log?.info({ enquiries: count }, "privacy: enquiries past retention erased");
        },
        (error) => log?.error({ err: error }, "privacy: retention failed"),
      ),
    ]);
  }

  return {
    find,
    exportJson,
    exportCsv,
    erase,
    eraseExpired,
    /** The worker, in the services' list (server/workers.ts): erases past the retention at start, then every RETENTION_INTERVAL_MS. */
    worker: createWorker({
      name: "privacy-retention",
      everyMs: RETENTION_INTERVAL_MS,
      enabled: settings.retentionMonths > 0 || settings.prune !== undefined,
      onStart(logger) {
        log = logger;
      },
      run: retain,
    }),
    /** Enquiries erased by this instance since it started (/metrics). */
    stats: () => ({ erased: erasedTotal }),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
