import { randomUUID } from "node:crypto";
import { and, count, desc, eq, lt, ne } from "drizzle-orm";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from "../../../common/webhooks/webhooks";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import {
  AddressRefused,
  checkUrlForm,
  type Resolver,
  resolveChecked,
  type WebhookNetworkPolicy,
} from "../../outbox/webhooks/address";
import type { Keyring } from "../../secrets/keyring";
import { newWebhookSecret as newSecret, webhookContext } from "../../secrets/protect";
import { type AuditActor, recordAudit } from "../audit";
import { newMessageId, webhookPayload } from "./queue";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  secretRenewedAt: row.secretRenewedAt?.toISOString() ?? null,
});

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.messageId,
  event: row.event,
  state: row.state,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  status: row.lastStatus,
  durationMs: row.lastDurationMs,
  error: row.lastError,
  responseBody: row.responseBody,
  canResend: row.payload !== null && row.state !== "pending",
});

const notFound = () => new NotFound(WEBHOOK_MESSAGES.notFound);

/**
 * How the activity record names an endpoint: its description and host, never the whole URL (a
 * receiver's path or query often carries its own token) and never its secret.
 */
export function auditTarget(row: Pick<EndpointRow, "id" | "url" | "description">, detail?: string) {
  const host = URL.canParse(row.url) ? new URL(row.url).host : "";
  const named = row.description ? `${row.description} (${host})` : host;
  return { id: row.id, label: detail ? `${named}: ${detail}` : named };
}

/**
 * 'Integrations' (Owner): webhook endpoints, their secrets (shown once: when added and when
 * rotated; one renewed by `secrets:rotate --renew` is seen by rotating it), their delivery log, 'Send again' and 'Send a test event'. `wake` asks the outbox
 * worker for a pass. Errors come from common/webhooks/webhooks.ts's catalogue.
 */
export function createWebhookService(
  db: Database,
  policy: WebhookNetworkPolicy,
  options: { wake?: () => void; resolve?: Resolver; keyring: Keyring },
) {
  // Secrets are stored sealed, bound to their endpoint (server/secrets/keyring.ts).
  const seal = (secret: string, id: string) => options.keyring.seal(secret, webhookContext(id));
  const wake = options.wake ?? (() => {});

  async function endpointRow(id: string): Promise<EndpointRow> {
    if (!UUID_SHAPE.test(id)) throw notFound();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The URL's form and every address its host resolves to (refused when private, unless allowed). */
  async function checkedUrl(text: string): Promise<string> {
    const url = checkUrlForm(text, policy);
    if (typeof url === "string") throw new Invalid(url);
    try {
      await resolveChecked(url.hostname, policy, options.resolve);
    } catch (error) {
      // A host that does not resolve yet is checked again at every send; a private one is refused now.
      if (error instanceof AddressRefused && error.message === WEBHOOK_MESSAGES.privateAddress)
        throw new Invalid(error.message);
    }
    return url.toString();
  }

  async function list(): Promise<WebhookEndpoint[]> {
    const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
    return rows.map(endpointView);
  }

  /** Each change below is recorded in the activity record (audit) in its own transaction, as `by`. */
  async function add(
    input: WebhookEndpointInput,
    by: AuditActor,
  ): Promise<WebhookEndpoint & { secret: string }> {
    const url = await checkedUrl(input.url);
    const secret = newSecret();
    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints);
      if (Number(n) >= WEBHOOK_LIMITS.endpoints) throw new Conflict(WEBHOOK_MESSAGES.tooMany);
      const [made] = await tx
        .insert(webhookEndpoints)
        .values({
          id,
          url,
          description: input.description ?? "",
          events: [...new Set(input.events)],
          secret: seal(secret, id),
        })
        .returning();
      await recordAudit(tx, { action: "webhook_added", actor: by, target: auditTarget(made) });
      return made;
    });
    return { ...endpointView(row), secret };
  }

  async function rotateSecret(id: string, by: AuditActor): Promise<WebhookEndpoint & { secret: string }> {
    await endpointRow(id);
    const secret = newSecret();
    const row = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(webhookEndpoints)
        .set({ secret: seal(secret, id), secretRenewedAt: null })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      if (!changed) throw notFound();
      await recordAudit(tx, { action: "webhook_secret_rotated", actor: by, target: auditTarget(changed) });
      return changed;
    });
    return { ...endpointView(row), secret };
  }

  async function setEnabled(id: string, enabled: boolean, by: AuditActor): Promise<WebhookEndpoint> {
    await endpointRow(id);
    const row = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(webhookEndpoints)
        .set({ enabled, disabledReason: null })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      if (!changed) throw notFound();
      const action = enabled ? "webhook_enabled" : "webhook_disabled";
      await recordAudit(tx, { action, actor: by, target: auditTarget(changed) });
      return changed;
    });
    return endpointView(row);
  }

  /** Deletes the endpoint with its delivery log (pending deliveries are not sent). */
  async function remove(id: string, by: AuditActor): Promise<void> {
    if (!UUID_SHAPE.test(id)) throw notFound();
    await db.transaction(async (tx) => {
      const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        description: webhookEndpoints.description,
      });
      if (!gone) throw notFound();
      await recordAudit(tx, { action: "webhook_deleted", actor: by, target: auditTarget(gone) });
    });
  }

  /** The endpoint's delivery log, newest first (the last WEBHOOK_LIMITS.logRows). */
  async function deliveries(id: string): Promise<WebhookDelivery[]> {
    await endpointRow(id);
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_LIMITS.logRows);
    return rows.map(deliveryView);
  }

  /** A test event to this endpoint alone (no personal data), queued now. */
  async function sendTest(id: string, by: AuditActor): Promise<WebhookDelivery> {
    const endpoint = await endpointRow(id);
    const row = await db.transaction(async (tx) => {
      const [queued] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          messageId: newMessageId(),
          event: WEBHOOK_TEST_EVENT,
          payload: webhookPayload(WEBHOOK_TEST_EVENT, { endpoint: endpoint.id }),
        })
        .returning();
      await recordAudit(tx, { action: "webhook_test_sent", actor: by, target: auditTarget(endpoint) });
      return queued;
    });
    wake();
    return deliveryView(row);
  }

  /**
   * 'Send again': the same message (its webhook-id and body) queued once more as a new delivery,
   * with a fresh 24 hours of retries. Conflict when its content was erased with its enquiry.
   */
  async function sendAgain(id: string, deliveryId: string, by: AuditActor): Promise<WebhookDelivery> {
    const endpoint = await endpointRow(id);
    if (!UUID_SHAPE.test(deliveryId)) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound);
    const [original] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
    if (!original) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound);
    if (!original.payload) throw new Conflict(WEBHOOK_MESSAGES.noPayload);
    const payload = original.payload;
    const row = await db.transaction(async (tx) => {
      const [queued] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: id,
          enquiryId: original.enquiryId,
          messageId: original.messageId,
          event: original.event,
          payload,
        })
        .returning();
      // The message's event and id, never its content (an enquiry's details).
      const detail = `${original.event} ${original.messageId}`;
      await recordAudit(tx, { action: "webhook_resent", actor: by, target: auditTarget(endpoint, detail) });
      return queued;
    });
    wake();
    return deliveryView(row);
  }

  /** Deletes delivery log rows older than WEBHOOK_LIMITS.logDays (never one still pending). */
  async function prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - WEBHOOK_LIMITS.logDays * 86_400_000);
    const gone = await db
      .delete(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, cutoff), ne(webhookDeliveries.state, "pending")))
      .returning({ id: webhookDeliveries.id });
    return gone.length;
  }

  return { list, add, rotateSecret, setEnabled, remove, deliveries, sendTest, sendAgain, prune };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
