/** The OpenAPI document's `webhooks`: what each event's request carries, with an example. */
export function webhookDocuments(enquirySchema: object) {
  const headers = {
    "webhook-id": {
      description: "The message id (the same when a delivery is sent again)",
      schema: { type: "string" },
    },
    "webhook-timestamp": { description: "Seconds since 1970 when it was sent", schema: { type: "string" } },
    "webhook-signature": {
      description: "v1,<base64 HMAC-SHA256 of `id.timestamp.body` with the secret's key> (Standard Webhooks)",
      schema: { type: "string" },
    },
  };
  const example = {
    type: "enquiry.created",
    timestamp: "2026-11-26T10:15:00.000Z",
    data: {
      _id: "0b5f0c1e-8f1d-4c7e-9a53-2f4f6c1d9e10",
      kind: "contact",
      createdAt: "2026-11-26T10:15:00.000Z",
      status: "new",
      statusChangedAt: null,
      fields: {
        name: "Jane Smith",
        email: "jane@example.co.uk",
        phone: "01234 567890",
        message: "Food waste collection",
      },
      mail: { state: "pending", attempts: 0 },
      source: { landing: "/services", referrer: "www.google.com" },
    },
  };
  const body = (type: string, data: object, summary: string, exampleValue: object) => ({
    post: {
      summary,
      description:
        "Signed to the Standard Webhooks specification: verify webhook-signature with the endpoint's secret (whsec_…) before trusting the body. Answer 2xx within 10 s; 410 disables the endpoint; anything else is retried with backoff for 24 hours.",
      parameters: Object.entries(headers).map(([name, h]) => ({ name, in: "header", required: true, ...h })),
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                type: { type: "string", enum: [type] },
                timestamp: { type: "string", format: "date-time" },
                data,
              },
              required: ["type", "timestamp", "data"],
            },
            example: exampleValue,
          },
        },
      },
      responses: {
        "200": { description: "Received (any 2xx)" },
        "410": { description: "Gone: the endpoint is disabled" },
      },
    },
  });
  const erased = {
    type: "object",
    properties: { id: { type: "string", format: "uuid" } },
    required: ["id"],
  };
  return {
    "enquiry.created": body(
      "enquiry.created",
      enquirySchema,
      "A new enquiry (not spam; or one moved out of Spam)",
      example,
    ),
    "enquiry.status_changed": body("enquiry.status_changed", enquirySchema, "An enquiry's status changed", {
      ...example,
      type: "enquiry.status_changed",
      data: { ...example.data, status: "contacted", statusChangedAt: "2026-11-26T11:00:00.000Z" },
    }),
    "enquiry.assigned": body(
      "enquiry.assigned",
      enquirySchema,
      "An enquiry was assigned to a colleague (or unassigned)",
      {
        ...example,
        type: "enquiry.assigned",
      },
    ),
    "enquiry.erased": body("enquiry.erased", erased, "An enquiry was erased (UK GDPR): only its id", {
      type: "enquiry.erased",
      timestamp: "2026-11-26T12:00:00.000Z",
      data: { id: example.data._id },
    }),
    "enquiry.stage_changed": body(
      "enquiry.stage_changed",
      enquirySchema,
      "An enquiry moved to another stage of the pipeline (a quote sent: Quoted; accepted: Won)",
      {
        ...example,
        type: "enquiry.stage_changed",
        data: { ...example.data, stage: "quoted", status: "contacted" },
      },
    ),
    "booking.created": body("booking.created", booking, "A free waste review was booked", bookingExample),
    "booking.rescheduled": body("booking.rescheduled", booking, "A free waste review was moved", {
      ...bookingExample,
      type: "booking.rescheduled",
    }),
    "booking.cancelled": body("booking.cancelled", booking, "A free waste review was cancelled", {
      ...bookingExample,
      type: "booking.cancelled",
      data: { ...bookingExample.data, status: "cancelled" },
    }),
    "quote.sent": body(
      "quote.sent",
      quote,
      "A quote was sent to the customer (its link mailed)",
      quoteExample,
    ),
    "quote.accepted": body("quote.accepted", quote, "The customer accepted a quote online", {
      ...quoteExample,
      type: "quote.accepted",
      data: { ...quoteExample.data, state: "accepted", answeredAt: "2026-12-04T09:30:00.000Z" },
    }),
    "quote.declined": body("quote.declined", quote, "The customer declined a quote online", {
      ...quoteExample,
      type: "quote.declined",
      data: { ...quoteExample.data, state: "declined", answeredAt: "2026-12-04T09:30:00.000Z" },
    }),
  };
}

/**
 * A quote as its webhooks carry it (services/pipeline/quote-webhooks.ts): its number, version,
 * state, validity and totals in pence, and the enquiry it prices; nothing of the customer's.
 */
const quote = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    enquiryId: { type: "string", format: "uuid" },
    number: { type: "string", description: "Q-YYYY-NNNN, shared by every version" },
    version: { type: "integer" },
    state: { type: "string", enum: ["sent", "accepted", "declined"] },
    validUntil: { type: "string", description: "YYYY-MM-DD, London: the last day it may be accepted" },
    subtotalPence: { type: "integer" },
    discountPence: { type: "integer" },
    vatPence: { type: "integer" },
    totalPence: { type: "integer" },
    sentAt: { type: ["string", "null"], format: "date-time" },
    answeredAt: { type: ["string", "null"], format: "date-time" },
  },
  required: [
    "id",
    "enquiryId",
    "number",
    "version",
    "state",
    "validUntil",
    "subtotalPence",
    "discountPence",
    "vatPence",
    "totalPence",
    "sentAt",
    "answeredAt",
  ],
};
const quoteExample = {
  type: "quote.sent",
  timestamp: "2026-12-02T10:15:00.000Z",
  data: {
    id: "7c1e9d2a-4b3f-4e8a-9c61-0d2f5a8b3e47",
    enquiryId: "0b5f0c1e-8f1d-4c7e-9a53-2f4f6c1d9e10",
    number: "Q-2026-0001",
    version: 1,
    state: "sent",
    validUntil: "2027-01-01",
    subtotalPence: 22_400,
    discountPence: 2240,
    vatPence: 2232,
    totalPence: 22_392,
    sentAt: "2026-12-02T10:15:00.000Z",
    answeredAt: null,
  },
};

/**
 * A booking as its webhooks carry it (services/bookings/webhooks.ts): its time, status and the
 * enquiry it made; the visitor's details travel with that enquiry's own events.
 */
const booking = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    reference: { type: "string" },
    startsAt: { type: "string", format: "date-time" },
    endsAt: { type: "string", format: "date-time" },
    status: { type: "string", enum: ["booked", "held", "no-show", "cancelled"] },
    staffId: { type: ["string", "null"], format: "uuid" },
    enquiryId: { type: ["string", "null"], format: "uuid" },
  },
  required: ["id", "reference", "startsAt", "endsAt", "status", "staffId", "enquiryId"],
};
const bookingExample = {
  type: "booking.created",
  timestamp: "2026-11-26T10:15:00.000Z",
  data: {
    id: "5a0c2b7e-3d41-4f7a-8e62-1c9d0b4a7f33",
    reference: "FO-0B5F0C1E",
    startsAt: "2026-12-03T10:30:00.000Z",
    endsAt: "2026-12-03T11:00:00.000Z",
    status: "booked",
    staffId: null,
    enquiryId: "0b5f0c1e-8f1d-4c7e-9a53-2f4f6c1d9e10",
  },
};
