import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import { COMPANY } from "../../../common/company";
import type { SiteDetails } from "../../../common/site-content/site-details-defaults";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { enquiries, type MAIL_KINDS, mailOutbox, type StoredMail } from "../../db/schema";
import { dueBefore, OUTBOX_LEASE_MS, OUTBOX_RENEW_MS, type OutboxLane } from "../leases";
import { renderConfirmation, renderNotification } from "./templates";
import { createTransport, type MailTransport, SMTP_CONNECTIONS } from "./transport";

/** First retry after 10 s, doubling, then every 30 min until delivered (or refused for good). */
export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 30 * 60_000;
/** The longest one send may take (the transport's connection and socket timeouts, with room). */
export const SEND_BUDGET_MS = 60_000;
/** Sends in flight per worker: the SMTP pool's connections. */
export const SEND_CONCURRENCY = SMTP_CONNECTIONS;

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

export interface MailLane extends OutboxLane {
  /** Closes the transport (its connections); the next send opens it again. */
  close(): void;
}

export interface MailLaneOptions {
  logger?: FastifyBaseLogger;
  transport?: MailTransport;
  leaseMs?: number;
  /** Lease renewals' interval (default a third of the lease). */
  renewMs?: number;
  sendBudgetMs?: number;
  /** The published site details (the site content service): the confirmation's office hours. */
  siteDetails?: () => Promise<SiteDetails>;
}

/**
 * The mail's lane of the durable outbox (mail_outbox), run by the worker (../worker.ts) beside
 * the webhooks' lane: the office's notification and the visitor's confirmation of an enquiry,
 * and the stored messages (invitations, resets) sent through SMTP or the .eml folder.
 */
export function createMailLane(db: Database, config: Config, options: MailLaneOptions = {}): MailLane {
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
  async function deliverDue(at?: Date, stopping: () => boolean = () => false): Promise<number> {
    const offset = at ? at.getTime() - Date.now() : 0;
    const clock = () => new Date(Date.now() + offset);
    let sent = 0;
    for (;;) {
      // Stopping (SIGTERM): the batch in flight is finished, no new one is claimed.
      if (stopping()) return sent;
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

  return {
    deliverDue,
    async recover() {
      await db.execute(
        sql`update ${mailOutbox} set next_attempt_at = now() where state = 'pending' and next_attempt_at > now()`,
      );
    },
    setLogger(logger) {
      log = logger ?? log;
    },
    close() {
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
