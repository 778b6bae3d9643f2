import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { WEBHOOK_LIMITS } from "../../../common/webhooks/webhooks";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type Keyring, SecretUnreadable } from "../../secrets/keyring";
import { openSecret, webhookContext } from "../../secrets/protect";
import { createLane, type OutboxLane } from "../lane";
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

/** The webhooks' lane, as the outbox worker runs it (../lane.ts). */
export type WebhookSender = OutboxLane;

/**
 * The webhooks' lane of the durable outbox (webhook_deliveries, a configuration of ../lane.ts;
 * the worker, ../worker.ts, runs it in the same passes as the mail lane): one sender at a time
 * holds a row in a cluster, its lease renewed while it holds it, every update after the claim
 * fenced to it. A request's whole time (10 s) is inside the lease, renewed as the request starts;
 * a crashed worker's rows are due again when the lease lapses. 2xx: delivered; 410: the endpoint
 * is disabled; anything else (or no answer): retried with backoff until 24 hours after the event,
 * then given up. Logs name the delivery and endpoint, never the secret or the payload.
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
  /** The requests in flight: aborted when their leases are about to lapse (self-fencing). */
  const inFlight = new Set<AbortController>();

  async function request(url: URL, body: string, headers: Record<string, string>) {
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      return await postWebhook(url, body, headers, {
        policy,
        resolve: options.resolve,
        timeoutMs: options.timeoutMs,
        signal: controller.signal,
      });
    } finally {
      inFlight.delete(controller);
    }
  }

  return createLane<typeof webhookDeliveries, Claimed>(db, {
    name: "webhooks",
    table: webhookDeliveries,
    read: (r) => ({
      id: r.id as string,
      endpointId: r.endpoint_id as string,
      messageId: r.message_id as string,
      payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Claimed["payload"],
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at as string | Date),
    }),
    batch: WEBHOOK_CONCURRENCY,
    concurrency: WEBHOOK_CONCURRENCY,
    leaseMs: options.leaseMs,
    retryDelay: webhookRetryDelay,
    // A failed row is due later (its backoff): the pass ends when nothing more is due now.
    endPassOnFailure: false,
    async send(row, _batch, { clock, start, log }) {
      const [endpoint] = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, row.endpointId));
      const details = { deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts };
      // Disabled meanwhile, or the content erased with its enquiry: nothing is sent.
      if (!endpoint?.enabled || !row.payload)
        return {
          result: "refused",
          set: { lastError: endpoint?.enabled === false ? "endpoint disabled" : "nothing to send" },
        };
      if (!(await start({ lastAttemptAt: clock() }))) return { result: "left" };
      const body = JSON.stringify(row.payload);
      const timestamp = Math.floor(clock().getTime() / 1000);
      const started = performance.now();
      let status: number | null = null;
      let responseBody: string | null = null;
      let error: string | null = null;
      try {
        const url = checkUrlForm(endpoint.url, policy);
        if (typeof url === "string") throw new AddressRefused(url);
        const answer = await request(url, body, {
          "webhook-id": row.messageId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(
            openSecret(options.keyring, endpoint.secret, webhookContext(endpoint.id)),
            row.messageId,
            timestamp,
            body,
          ),
        });
        status = answer.status;
        responseBody = answer.body;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        error = (
          err instanceof SecretUnreadable ? `the endpoint's secret cannot be read: ${message}` : message
        ).slice(0, 500);
      }
      const durationMs = Math.round(performance.now() - started);
      const last = { lastStatus: status, lastDurationMs: durationMs, responseBody, lastError: error };
      if (status !== null && status >= 200 && status < 300)
        return { result: "sent", set: { ...last, sentAt: clock() } };
      const gone = status === 410;
      const expired =
        clock().getTime() + webhookRetryDelay(row.attempts) >
        row.createdAt.getTime() + WEBHOOK_LIMITS.retryForMs;
      return {
        result: gone || expired ? "failed" : "retry",
        set: last,
        async after() {
          if (gone) {
            await db
              .update(webhookEndpoints)
              .set({ enabled: false, disabledReason: "gone" })
              .where(eq(webhookEndpoints.id, row.endpointId));
            log?.warn(details, "webhook endpoint answered 410 Gone: disabled");
          } else if (expired)
            log?.error({ ...details, status, err: error }, "webhook given up after 24 hours");
          else log?.warn({ ...details, status, err: error }, "webhook delivery failed: will retry");
        },
      };
    },
    abortSends() {
      for (const controller of inFlight)
        controller.abort(new Error("the delivery's lease is about to lapse"));
    },
    metrics: {
      pending: {
        name: "webhook_pending_deliveries",
        help: "Webhook deliveries not yet delivered nor given up (all instances)",
      },
      sent: { name: "webhooks_delivered_total", help: "Webhook deliveries answered 2xx, by this instance" },
      failed: {
        name: "webhook_failures_total",
        help: "Failed webhook attempts by this instance (no answer, or not 2xx)",
      },
    },
    logger: options.logger,
  });
}
