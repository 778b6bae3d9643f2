import type { WebhookEvent } from "../../../common/webhooks/webhooks";
import type { Database } from "../../db/client";
import type { bookings } from "../../db/schema";
import { queueDeliveries } from "../webhooks/queue";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type BookingWebhookEvent = Extract<WebhookEvent, `booking.${string}`>;

/**
 * The booking as a webhook carries it: its time, status, reference and the enquiry it made on the
 * desk (the visitor's details travel with that enquiry's own events, and are erased with it).
 */
export const bookingWebhookData = (row: typeof bookings.$inferSelect) => ({
  id: row.id,
  reference: row.reference,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  status: row.status,
  staffId: row.staffId,
  enquiryId: row.enquiryId,
});

/**
 * Stores one delivery of `event` for each enabled endpoint that chose it, in the booking's
 * transaction (Standard Webhooks, sent by the outbox worker after the commit). Each delivery is
 * tied to the booking's enquiry, so erasing the visitor clears it like the enquiry's own.
 */
export function queueBookingWebhooks(
  tx: Tx,
  event: BookingWebhookEvent,
  row: typeof bookings.$inferSelect,
): Promise<number> {
  return queueDeliveries(tx, event, row.enquiryId, () => bookingWebhookData(row));
}
