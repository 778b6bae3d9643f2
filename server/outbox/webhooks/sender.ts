import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { WEBHOOK_LIMITS } from "../../../common/webhooks";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type Keyring, SecretUnreadable } from "../../secrets/keyring";
import { openSecret, webhookContext } from "../../secrets/protect";
import { dueBefore, OUTBOX_LEASE_MS, type OutboxLane } from "../leases";
import { AddressRefused, checkUrlForm, type Resolver, type WebhookNetworkPolicy } from "./address";
import { postWebhook } from "./request";

/** First retry after 10 s, doubling, at most every hour, until 24 hours after the event. */
export const WEBHOOK_RETRY_BASE_MS = 10_000;
export const WEBHOOK_RETRY_CAP_MS = 60 * 60_000;
/** Requests in flight per worker. */
export const WEBHOOK_CONCURRENCY = 4;

export const webhookRetryDelay = (attempts: number) =>
  Math.min(WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), WEBHOOK_RETRY_CAP_MS);

/** Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

interface Claimed {
  id: string;
  endpointId: string;
  messageId: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  createdAt: Date;
}

/** The webhooks' lane, as the outbox worker runs it (../leases.ts). */
export type WebhookSender = OutboxLane;

/**
 * The webhooks' lane of the durable outbox (the worker, ../worker.ts, runs it in the same passes
 * as the mail lane): due rows are claimed with the mail's statement shape, `FOR UPDATE SKIP
 * LOCKED` with a lease (OUTBOX_LEASE_MS), so one sender at a time holds a row in a cluster, and
 * every update after the claim is fenced to it (row, attempt number, still pending). A request's
 * whole time (10 s) is inside the lease, renewed as the request starts; a crashed worker's rows
 * are due again when the lease lapses. 2xx: delivered; 410: the endpoint is disabled; anything
 * else (or no answer): retried with backoff until 24 hours after the event, then given up.
 * Logs name the delivery and endpoint, never the secret or the payload.
 */
export function createWebhookSender(
  db: Database,
  policy: WebhookNetworkPolicy,
  options: {
    /** Opens the endpoints' sealed secrets (server/secrets/keyring.ts). */
    keyring: Keyring;
    logger?: FastifyBaseLogger;
    leaseMs?: number;
    resolve?: Resolver;
    timeoutMs?: number;
  },
): WebhookSender {
  let log = options.logger;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const counts = { sent: 0, failed: 0 };
  const fenced = (row: Claimed) =>
    and(
      eq(webhookDeliveries.id, row.id),
      eq(webhookDeliveries.attempts, row.attempts),
      eq(webhookDeliveries.state, "pending"),
    );

  async function claim(now: Date): Promise<Claimed[]> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      update ${webhookDeliveries} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
      where id in (
        select d.id from ${webhookDeliveries} d
        where d.state = 'pending' and d.next_attempt_at < ${dueBefore(now)}
        order by d.next_attempt_at
        limit ${WEBHOOK_CONCURRENCY}
        for update of d skip locked
      )
      returning id, endpoint_id, message_id, payload, attempts, created_at`);
    type Row = {
      id: string;
      endpoint_id: string;
      message_id: string;
      payload: unknown;
      attempts: number;
      created_at: string | Date;
    };
    return ((result as { rows: unknown[] }).rows as Row[]).map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      messageId: r.message_id,
      payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Claimed["payload"],
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
    }));
  }

  async function deliverOne(row: Claimed, clock: () => Date): Promise<boolean> {
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, row.endpointId));
    const details = { deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts };
    // Disabled meanwhile, or the content erased with its enquiry: nothing is sent.
    if (!endpoint?.enabled || !row.payload) {
      await db
        .update(webhookDeliveries)
        .set({
          state: "failed",
          lastError: endpoint?.enabled === false ? "endpoint disabled" : "nothing to send",
        })
        .where(fenced(row));
      return false;
    }
    // Renewed as the request starts: a row whose claim lapsed and was taken by another worker is left to it.
    const renewed = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(clock().getTime() + leaseMs), lastAttemptAt: clock() })
      .where(fenced(row))
      .returning({ id: webhookDeliveries.id });
    if (renewed.length === 0) return false;
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(clock().getTime() / 1000);
    const started = performance.now();
    let status: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      const url = checkUrlForm(endpoint.url, policy);
      if (typeof url === "string") throw new AddressRefused(url);
      const answer = await postWebhook(
        url,
        body,
        {
          "webhook-id": row.messageId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(
            openSecret(options.keyring, endpoint.secret, webhookContext(endpoint.id)),
            row.messageId,
            timestamp,
            body,
          ),
        },
        { policy, resolve: options.resolve, timeoutMs: options.timeoutMs },
      );
      status = answer.status;
      responseBody = answer.body;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      error = (
        err instanceof SecretUnreadable ? `the endpoint's secret cannot be read: ${message}` : message
      ).slice(0, 500);
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = status !== null && status >= 200 && status < 300;
    const gone = status === 410;
    const expired =
      clock().getTime() + webhookRetryDelay(row.attempts) >
      row.createdAt.getTime() + WEBHOOK_LIMITS.retryForMs;
    const last = { lastStatus: status, lastDurationMs: durationMs, responseBody, lastError: error };
    if (ok) {
      counts.sent += 1;
      await db
        .update(webhookDeliveries)
        .set({ ...last, state: "sent", sentAt: clock() })
        .where(fenced(row));
      return true;
    }
    counts.failed += 1;
    await db
      .update(webhookDeliveries)
      .set(
        gone || expired
          ? { ...last, state: "failed" }
          : { ...last, nextAttemptAt: new Date(clock().getTime() + webhookRetryDelay(row.attempts)) },
      )
      .where(fenced(row));
    if (gone) {
      await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: "gone" })
        .where(eq(webhookEndpoints.id, row.endpointId));
      log?.warn(details, "webhook endpoint answered 410 Gone: disabled");
    } else if (expired) log?.error({ ...details, status, err: error }, "webhook given up after 24 hours");
    else log?.warn({ ...details, status, err: error }, "webhook delivery failed: will retry");
    return false;
  }

  async function deliverDue(at?: Date, stopping: () => boolean = () => false): Promise<number> {
    const offset = at ? at.getTime() - Date.now() : 0;
    const clock = () => new Date(Date.now() + offset);
    let sent = 0;
    for (;;) {
      if (stopping()) return sent;
      const claimed = await claim(clock());
      if (claimed.length === 0) return sent;
      const results = await Promise.all(claimed.map((row) => deliverOne(row, clock)));
      // A failed row is due later (its backoff): the loop ends when nothing more is due now.
      sent += results.filter(Boolean).length;
    }
  }

  return {
    deliverDue,
    async recover() {
      await db.execute(
        sql`update ${webhookDeliveries} set next_attempt_at = now() where state = 'pending' and next_attempt_at > now()`,
      );
    },
    setLogger(logger) {
      log = logger ?? log;
    },
    stats: () => ({ ...counts }),
  };
}
