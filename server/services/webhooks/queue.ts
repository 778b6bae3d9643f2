import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { WebhookDeliveryEvent, WebhookEvent } from "../../../common/webhooks/webhooks";
import type { Database } from "../../db/client";
import { enquiries, mailOutbox, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { officeNotification } from "../../outbox/mail/outbox";
import { toView } from "../leads/enquiry-query";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A Standard Webhooks message id (the `webhook-id` header, the same when sent again). */
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/** The JSON body of a webhook: `{ type, timestamp, data }`. */
export const webhookPayload = (type: WebhookDeliveryEvent, data: Record<string, unknown>) => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/** The enquiry as the REST API shows it (GET /api/admin/enquiries), read in `tx`. */
async function enquiryData(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: enquiries.id,
      kind: enquiries.kind,
      fields: enquiries.fields,
      createdAt: enquiries.createdAt,
      status: enquiries.status,
      statusChangedAt: enquiries.statusChangedAt,
      mailState: mailOutbox.state,
      mailAttempts: mailOutbox.attempts,
      source: enquiries.source,
      stage: enquiries.stage,
    })
    .from(enquiries)
    .leftJoin(mailOutbox, officeNotification)
    .where(eq(enquiries.id, id));
  return row && toView(row);
}

/**
 * Stores one delivery of `event` for each enabled endpoint that chose it, in the caller's
 * transaction (the write and its webhooks: both or neither); the outbox worker sends them after
 * the commit. Each delivery is tied to `enquiryId` (an enquiry's, a booking's or a quote's), so
 * erasing the visitor clears it with the enquiry's own (none: tied to nothing). `data` is read only when an endpoint
 * wants the event (nothing to send: none stored). Answers how many were stored (the caller wakes
 * the worker when any were).
 */
export async function queueDeliveries(
  tx: Tx,
  event: WebhookEvent,
  enquiryId: string | null,
  data: () => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const body = await data();
  if (!body) return 0;
  const payload = webhookPayload(event, body);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      enquiryId,
      messageId: newMessageId(),
      event,
      payload,
    })),
  );
  return endpoints.length;
}

/** The enquiry's own events: its view as the REST API shows it; `enquiry.erased` only its id. */
export const queueWebhooks = (tx: Tx, event: WebhookEvent, enquiryId: string): Promise<number> =>
  queueDeliveries(tx, event, enquiryId, async () =>
    event === "enquiry.erased"
      ? { id: enquiryId }
      : ((await enquiryData(tx, enquiryId)) as Record<string, unknown> | undefined),
  );
