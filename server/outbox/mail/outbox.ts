import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import { COMPANY } from "../../../common/company";
import type { SiteDetails } from "../../../common/site-content/site-details-defaults";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { enquiries, type MAIL_KINDS, mailOutbox, type StoredMail } from "../../db/schema";
import type { WebhookSender } from "../webhooks/sender";
import { renderConfirmation, renderNotification } from "./templates";
import { createTransport, type MailTransport, SMTP_CONNECTIONS } from "./transport";

/** First retry after 10 s, doubling, then every 30 min until delivered (or refused for good). */
export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 30 * 60_000;
/**
 * A claimed row is hidden from other workers this long; a dead worker's claim then lapses, and
 * another instance sends its mail (a lead reaches the office within 30 s even when the instance
 * that took it dies: this, plus a poll). A live worker renews the leases of the rows it holds
 * every OUTBOX_RENEW_MS, whether they wait or are being sent, fenced to its claim; each send also
 * renews its row's lease as it starts. See docs/decisions/0025-outbox-short-leases.md.
 */
export const OUTBOX_LEASE_MS = 15_000;
/**
 * The bound a claim compares next_attempt_at with: rows are due when stamped at or before `now`'s
 * millisecond. The database stamps new rows to the microsecond (now()), this process's clock counts
 * milliseconds, so a row queued in the same millisecond as a claim would otherwise wait for the
 * next pass.
 */
export const dueBefore = (now: Date) => new Date(now.getTime() + 1).toISOString();
/** How often a worker renews the leases of the rows it holds. */
export const OUTBOX_RENEW_MS = 5_000;
/** The longest one send may take (the transport's connection and socket timeouts, with room). */
export const SEND_BUDGET_MS = 60_000;
/** Sends in flight per worker: the SMTP pool's connections. */
export const SEND_CONCURRENCY = SMTP_CONNECTIONS;
/** A started worker looks for due mail this often (and at once when woken). */
export const OUTBOX_POLL_MS = 5_000;
const POLL_MS = OUTBOX_POLL_MS;

export const retryDelay = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);

/** Only a 5xx answer from the mail server is final; timeouts, refusals to connect and 4xx are retried. */
export const isPermanentFailure = (error: unknown) => {
  const code = Number((error as { responseCode?: unknown })?.responseCode);
  return code >= 500 && code < 600;
};

interface Claimed {
  id: string;
  enquiryId: string | null;
  kind: (typeof MAIL_KINDS)[number];
  message: StoredMail | null;
  attempts: number;
}

/** The office's notification of an enquiry (the outbox also carries other mail about it). */
export const officeNotification = and(
  eq(mailOutbox.enquiryId, enquiries.id),
  eq(mailOutbox.kind, "notification"),
);

export interface Outbox {
  /** One delivery pass: sends every due message, returns how many were sent (`at` shifts the clock). */
  deliverDue(at?: Date): Promise<number>;
  /** Polls in the background and delivers soon after wake(); logs through `logger`. */
  start(logger?: FastifyBaseLogger): void;
  /** Asks a started worker for a pass now (after an enquiry is committed). */
  wake(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
  /** Messages sent and delivery attempts failed by this process so far (/metrics). */
  stats(): { sent: number; failed: number };
}

export function createOutbox(
  db: Database,
  config: Config,
  options: {
    logger?: FastifyBaseLogger;
    transport?: MailTransport;
    leaseMs?: number;
    /** Lease renewals' interval (default a third of the lease). */
    renewMs?: number;
    sendBudgetMs?: number;
    /** The webhooks' lane (server/outbox/webhooks/sender.ts): sent in the same worker passes as the mail. */
    webhooks?: WebhookSender;
    /** The published site details (the site content service): the confirmation's office hours. */
    siteDetails?: () => Promise<SiteDetails>;
  } = {},
): Outbox {
  const webhooks = options.webhooks;
  let transport = options.transport;
  let log = options.logger;
  const to = config.mailTo ?? COMPANY.email;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const renewMs = options.renewMs ?? (options.leaseMs ? Math.floor(leaseMs / 3) : OUTBOX_RENEW_MS);
  // No more rows than can be started before the claim's lease ends, even if every send is slow.
  const batch =
    SEND_CONCURRENCY * Math.max(1, Math.floor(leaseMs / (options.sendBudgetMs ?? SEND_BUDGET_MS)));
  /** The claim is the row at this attempt number: every update after it is fenced to it. */
  const fenced = (row: Claimed) =>
    and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.state, "pending"));
  const counts = { sent: 0, failed: 0 };

  /**
   * Claims due rows in one statement: `FOR UPDATE SKIP LOCKED` keeps concurrent workers (several
   * instances on one PostgreSQL) off each other's rows, and the lease moves next_attempt_at so
   * the claim outlives the short transaction without holding a lock during SMTP.
   */
  async function claim(now: Date): Promise<Claimed[]> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      update ${mailOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
      where id in (
        select m.id from ${mailOutbox} m
        where m.state = 'pending' and m.next_attempt_at < ${dueBefore(now)}
          -- A visitor's confirmation goes after the office's own mail about the enquiry.
          and (m.kind <> 'confirmation' or not exists (
            select 1 from ${mailOutbox} n
            where n.enquiry_id = m.enquiry_id and n.kind = 'notification' and n.state = 'pending'))
        order by m.next_attempt_at
        limit ${batch}
        for update of m skip locked
      )
      returning id, enquiry_id, kind, message, attempts`);
    type Row = Omit<Claimed, "enquiryId"> & { enquiry_id: string | null };
    return ((result as { rows: unknown[] }).rows as Row[]).map((r) => ({
      id: r.id,
      enquiryId: r.enquiry_id,
      kind: r.kind,
      message: typeof r.message === "string" ? (JSON.parse(r.message) as StoredMail) : r.message,
      attempts: Number(r.attempts),
    }));
  }

  /** What a claimed row sends: the office's notification of its enquiry, or the message it carries. */
  function contentOf(
    row: Claimed,
    enquiry: typeof enquiries.$inferSelect | undefined,
    site: SiteDetails | undefined,
  ): Mail.Options | undefined {
    if (row.kind === "notification") return enquiry && { to, ...renderNotification(enquiry) };
    if (row.kind === "confirmation") return enquiry && { replyTo: to, ...renderConfirmation(enquiry, site) };
    return row.message ? { replyTo: to, ...row.message } : undefined;
  }

  /** Sends one claimed message; false when it was not sent (failed, or the claim was lost). */
  async function deliverOne(row: Claimed, content: Mail.Options, clock: () => Date) {
    // Renew the lease as the send starts: a row whose claim lapsed and was taken by another worker
    // is left to that worker, so two live workers never send it.
    const renewed = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(clock().getTime() + leaseMs) })
      .where(fenced(row))
      .returning({ id: mailOutbox.id });
    if (renewed.length === 0) return false;
    transport ??= createTransport(config);
    try {
      await transport.send({ id: row.id, from: config.mailFrom, ...content });
      // A stored message is not kept once delivered (an invitation's link is for its reader only).
      await db
        .update(mailOutbox)
        .set({ state: "sent", sentAt: new Date(), lastError: null, message: null })
        .where(fenced(row));
      counts.sent += 1;
      return true;
    } catch (error) {
      counts.failed += 1;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const permanent = isPermanentFailure(error);
      await db
        .update(mailOutbox)
        .set(
          permanent
            ? { state: "failed", lastError, message: null } // given up: its link or reply is not kept
            : { lastError, nextAttemptAt: new Date(clock().getTime() + retryDelay(row.attempts)) },
        )
        .where(fenced(row));
      const details = { outboxId: row.id, enquiryId: row.enquiryId, attempts: row.attempts, err: lastError };
      if (permanent)
        log?.error(details, "mail refused by the mail server: marked failed (retry it from the inbox)");
      else log?.warn(details, "mail delivery failed: will retry");
      return false;
    }
  }

  /**
   * Keeps the leases of a pass's claimed rows while this worker holds them (waiting or being
   * sent): renewed every `renewMs`, each fenced to its claim. A row whose claim was lost is left
   * to whoever holds it now. When renewals have failed for so long that the leases may lapse, the
   * sends in flight are aborted (the transport closed) before another worker may take their rows:
   * a live worker never sends a row it no longer holds.
   */
  function holdLeases(claimed: Claimed[], clock: () => Date) {
    const held = new Map(claimed.map((row) => [row.id, row]));
    let heldUntil = clock().getTime() + leaseMs;
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      const rows = [...held.values()];
      if (rows.length === 0) return;
      const now = clock().getTime();
      try {
        const kept = await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now + leaseMs) })
          .where(or(...rows.map(fenced)))
          .returning({ id: mailOutbox.id });
        heldUntil = now + leaseMs;
        const still = new Set(kept.map((row) => row.id));
        // Not renewed: finished a moment ago, or taken by another worker after a lapse (left to it).
        for (const row of rows)
          if (!still.has(row.id) && held.delete(row.id))
            log?.info({ outboxId: row.id }, "mail lease not renewed: the row is done or held elsewhere");
      } catch (error) {
        log?.warn({ err: error }, "mail leases not renewed: will try again");
        if (clock().getTime() + renewMs >= heldUntil) {
          log?.error("mail leases about to lapse: sends in flight aborted, to be retried");
          transport?.close();
          transport = options.transport;
        }
      }
    };
    const timer = setInterval(() => {
      renewing ??= renew().finally(() => {
        renewing = undefined;
      });
    }, renewMs);
    return {
      /** The row is done with (sent, failed or left): its lease is no longer renewed. */
      release: (row: Claimed) => held.delete(row.id),
      stop: async () => {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /** At most SEND_CONCURRENCY sends at once, in claim order. */
  async function sendAll(claimed: Claimed[], send: (row: Claimed) => Promise<boolean>) {
    const results: boolean[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const i = next++;
        results[i] = await send(claimed[i]);
      }
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, lane));
    return results;
  }

  /** `at` shifts this pass's clock (tests step past backoff); every claim reads the clock afresh. */
  async function deliverDue(at?: Date): Promise<number> {
    const offset = at ? at.getTime() - Date.now() : 0;
    const clock = () => new Date(Date.now() + offset);
    let sent = 0;
    for (;;) {
      // Stopping (SIGTERM): the batch in flight is finished, no new one is claimed.
      if (stopping) return sent;
      const claimed = await claim(clock());
      if (claimed.length === 0) return sent;
      const enquiryIds = claimed.flatMap((c) => (c.enquiryId ? [c.enquiryId] : []));
      const rows = enquiryIds.length
        ? await db.select().from(enquiries).where(inArray(enquiries.id, enquiryIds))
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      // As published when the mail is sent (read from memory): a change reaches the next mail.
      const site = claimed.some((c) => c.kind === "confirmation") ? await options.siteDetails?.() : undefined;
      const leases = holdLeases(claimed, clock);
      const results = await sendAll(claimed, async (c) => {
        const content = contentOf(c, c.enquiryId ? byId.get(c.enquiryId) : undefined, site);
        try {
          return content ? await deliverOne(c, content, clock) : false;
        } finally {
          leases.release(c);
        }
      }).finally(leases.stop);
      sent += results.filter(Boolean).length;
      // A batch with failures means the mail server is struggling: leave the rest for later.
      if (results.some((ok) => !ok)) return sent;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let stopping = false;
  let again = false;

  function schedule(delay: number) {
    clearTimeout(timer);
    if (started) timer = setTimeout(pass, delay);
  }

  function pass() {
    if (!started) return;
    if (running) {
      again = true; // a wake during a pass: run once more right after it
      return;
    }
    running = Promise.all([
      deliverDue().catch((error) => log?.error({ err: error }, "outbox pass failed")),
      webhooks
        ?.deliverDue(undefined, () => stopping)
        .catch((error) => log?.error({ err: error }, "outbox webhooks pass failed")),
    ]).finally(() => {
      running = undefined;
      schedule(again ? 0 : POLL_MS);
      again = false;
    });
  }

  return {
    deliverDue,
    start(logger) {
      if (started) return;
      log = logger ?? log;
      webhooks?.setLogger(log);
      started = true;
      stopping = false;
      if (config.databaseUrl) schedule(0);
      else {
        // The embedded database belongs to this one process: any claim still held was made by a
        // previous life of it that died mid-send, so its mail is due now rather than after the lease.
        running = db
          .execute(
            sql`update ${mailOutbox} set next_attempt_at = now() where state = 'pending' and next_attempt_at > now()`,
          )
          .then(() => webhooks?.recover())
          .catch((error) => log?.error({ err: error }, "outbox recovery failed"))
          .finally(() => {
            running = undefined;
            schedule(0);
          });
      }
    },
    wake() {
      if (started) schedule(0);
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      await running;
      stopping = false;
      transport?.close();
      transport = options.transport;
    },
    stats: () => ({ ...counts }),
  };
}

/**
 * Staff's 'Retry now': a failed notification goes back to pending, due at once, and the worker is
 * woken. True when there was a failed message for the enquiry.
 */
export async function retryMail(db: Database, enquiryId: string, wake: () => void): Promise<boolean> {
  const reset = await db
    .update(mailOutbox)
    .set({ state: "pending", nextAttemptAt: sql`now()` })
    .where(
      sql`${mailOutbox.enquiryId} = ${enquiryId} and ${mailOutbox.kind} = 'notification' and ${mailOutbox.state} = 'failed'`,
    )
    .returning({ id: mailOutbox.id });
  if (reset.length) wake();
  return reset.length > 0;
}
