import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import { COMPANY } from "../../../common/company";
import type { SiteDetails } from "../../../common/content/site-content/site-details-defaults";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { enquiries, type MAIL_KINDS, mailOutbox, type StoredMail } from "../../db/schema";
import { createLane, type OutboxLane } from "../lane";
import { OUTBOX_LEASE_MS } from "../leases";
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

/**
 * A stored message as nodemailer takes it: its calendar invitation (a booking's .ics), when it
 * has one, as the message's text/calendar part with the same file attached (what calendar
 * programs read as an invitation they can accept).
 */
export function storedContent({ ics, ...message }: StoredMail): Mail.Options {
  if (!ics) return message;
  return { ...message, icalEvent: { method: ics.method, filename: "review.ics", content: ics.content } };
}

export type MailLane = OutboxLane;

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

/** What a batch of mail reads once: the enquiries its rows are about, the published site details. */
interface MailBatch {
  byId: Map<string, typeof enquiries.$inferSelect>;
  site: SiteDetails | undefined;
}

/**
 * The mail's lane of the durable outbox (mail_outbox, a configuration of ../lane.ts), run by the
 * worker (../worker.ts) beside the webhooks' lane: the office's notification and the visitor's
 * confirmation of an enquiry, and the stored messages (invitations, resets) sent through SMTP or
 * the .eml folder.
 */
export function createMailLane(db: Database, config: Config, options: MailLaneOptions = {}): MailLane {
  let transport = options.transport;
  const to = config.mailTo ?? COMPANY.email;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;

  /** What a claimed row sends: the office's notification of its enquiry, or the message it carries. */
  function contentOf(row: Claimed, { byId, site }: MailBatch): Mail.Options | undefined {
    const enquiry = row.enquiryId ? byId.get(row.enquiryId) : undefined;
    if (row.kind === "notification") return enquiry && { to, ...renderNotification(enquiry) };
    if (row.kind === "confirmation") return enquiry && { replyTo: to, ...renderConfirmation(enquiry, site) };
    return row.message ? { replyTo: to, ...storedContent(row.message) } : undefined;
  }

  const closeTransport = () => {
    transport?.close();
    transport = options.transport;
  };

  return createLane<typeof mailOutbox, Claimed, MailBatch>(db, {
    name: "mail",
    table: mailOutbox,
    // A visitor's confirmation goes after the office's own mail about the enquiry.
    due: sql`(o.kind <> 'confirmation' or not exists (
      select 1 from ${mailOutbox} n
      where n.enquiry_id = o.enquiry_id and n.kind = 'notification' and n.state = 'pending'))`,
    read: (r) => ({
      id: r.id as string,
      enquiryId: r.enquiry_id as string | null,
      kind: r.kind as Claimed["kind"],
      message:
        typeof r.message === "string" ? (JSON.parse(r.message) as StoredMail) : (r.message as StoredMail),
      attempts: Number(r.attempts),
    }),
    // No more rows than can be started before the claim's lease ends, even if every send is slow.
    batch: SEND_CONCURRENCY * Math.max(1, Math.floor(leaseMs / (options.sendBudgetMs ?? SEND_BUDGET_MS))),
    concurrency: SEND_CONCURRENCY,
    leaseMs: options.leaseMs,
    renewMs: options.renewMs,
    retryDelay,
    // A batch with failures means the mail server is struggling: leave the rest for later.
    endPassOnFailure: true,
    async prepare(claimed) {
      const enquiryIds = claimed.flatMap((c) => (c.enquiryId ? [c.enquiryId] : []));
      const rows = enquiryIds.length
        ? await db.select().from(enquiries).where(inArray(enquiries.id, enquiryIds))
        : [];
      // As published when the mail is sent (read from memory): a change reaches the next mail.
      const site = claimed.some((c) => c.kind === "confirmation") ? await options.siteDetails?.() : undefined;
      return { byId: new Map(rows.map((r) => [r.id, r])), site };
    },
    async send(row, batch, { start, log }) {
      const content = contentOf(row, batch);
      if (!content || !(await start())) return { result: "left" };
      transport ??= createTransport(config);
      try {
        await transport.send({ id: row.id, from: config.mailFrom, ...content });
        // A stored message is not kept once delivered (an invitation's link is for its reader only).
        return { result: "sent", set: { sentAt: new Date(), lastError: null, message: null } };
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const details = {
          outboxId: row.id,
          enquiryId: row.enquiryId,
          attempts: row.attempts,
          err: lastError,
        };
        return isPermanentFailure(error)
          ? {
              result: "failed",
              set: { lastError, message: null }, // given up: its link or reply is not kept
              after: () =>
                log?.error(
                  details,
                  "mail refused by the mail server: marked failed (retry it from the inbox)",
                ),
            }
          : {
              result: "retry",
              set: { lastError },
              after: () => log?.warn(details, "mail delivery failed: will retry"),
            };
      }
    },
    abortSends: closeTransport,
    close: closeTransport,
    metrics: {
      pending: { name: "outbox_pending_messages", help: "Enquiry mails not yet sent (all instances)" },
      oldest: { name: "outbox_oldest_pending_seconds", help: "Age of the oldest unsent enquiry mail" },
      sent: { name: "mail_sent_total", help: "Mails sent by this instance" },
      failed: { name: "mail_failures_total", help: "Failed delivery attempts by this instance" },
    },
    logger: options.logger,
  });
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
