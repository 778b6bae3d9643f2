import type { WebhookEvent } from "../../../common/webhooks/webhooks";
import type { quotes } from "../../db/schema";
import { queueDeliveries } from "../webhooks/queue";
import type { Tx } from "./stage-write";

export type QuoteWebhookEvent = Extract<WebhookEvent, `quote.${string}`>;

/**
 * A quote as its webhooks carry it (issue 49): its number, version, state, validity and totals,
 * and the enquiry it prices. Nothing of the customer's: not the address it was sent to, not the
 * name typed to accept it, not a decline's reason (the visitor's details travel with the
 * enquiry's own events, and are erased with it).
 */
export const quoteWebhookData = (row: typeof quotes.$inferSelect) => ({
  id: row.id,
  enquiryId: row.enquiryId,
  number: row.number,
  version: row.version,
  state: row.state,
  validUntil: row.validUntil,
  subtotalPence: row.subtotalPence,
  discountPence: row.discountPence,
  vatPence: row.vatPence,
  totalPence: row.totalPence,
  sentAt: row.sentAt?.toISOString() ?? null,
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/**
 * Stores one delivery of `event` for each enabled endpoint that chose it, in the quote's
 * transaction (Standard Webhooks, sent by the outbox worker after the commit). Each delivery is
 * tied to the quote's enquiry, so erasing the visitor clears it like the enquiry's own. Answers
 * how many were stored (the caller wakes the outbox when any were).
 */
export function queueQuoteWebhooks(
  tx: Tx,
  event: QuoteWebhookEvent,
  row: typeof quotes.$inferSelect,
): Promise<number> {
  return queueDeliveries(tx, event, row.enquiryId, () => quoteWebhookData(row));
}
