import { z } from "../zod";

/**
 * Webhooks ('Integrations' in the admin, Owner only): each endpoint chooses the events it is
 * sent, signed to the Standard Webhooks specification and delivered from the durable outbox.
 */
export const WEBHOOK_EVENTS = [
  "enquiry.created",
  "enquiry.status_changed",
  "enquiry.assigned",
  "enquiry.erased",
  "enquiry.stage_changed",
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "quote.sent",
  "quote.accepted",
  "quote.declined",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** A test event ('Send a test event'): sent to the one endpoint, whatever it chose. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_DELIVERY_STATES = ["pending", "sent", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_LIMITS = {
  /** Endpoints at most. */
  endpoints: 20,
  url: 2000,
  description: 200,
  /** Of the response body: read at most this much, keep the first `keptBody` bytes. */
  readBody: 64 * 1024,
  keptBody: 1024,
  /** One request's whole time. */
  timeoutMs: 10_000,
  /** Retried with backoff this long after the event, then given up. */
  retryForMs: 24 * 60 * 60 * 1000,
  /** The delivery log's rows are kept this many days. */
  logDays: 30,
  /** Deliveries listed per endpoint. */
  logRows: 50,
} as const;

export const WEBHOOK_MESSAGES = {
  title: "Integrations",
  intro:
    "Send each new lead on to a CRM, a spreadsheet or a Slack or Teams workflow: every request is signed (Standard Webhooks) so the receiver can check it came from this site.",
  addHeading: "Add an endpoint",
  url: "Endpoint URL",
  urlHint: "An https:// address. Requests to this server's own network are refused.",
  description: "Description",
  events: "Events",
  add: "Add endpoint",
  added: "Endpoint added. Copy its secret now: it is shown only once.",
  secretHeading: "Signing secret",
  secretOnce: "Shown only once. Keep it in the receiving system to verify each request's signature.",
  rotate: "Rotate secret",
  rotated: "Secret rotated. Copy the new secret now: it is shown only once.",
  /** An endpoint `npm run secrets:rotate -- --renew` gave a secret nobody has seen (docs/secrets-key.md). */
  secretRenewed: (on: string) =>
    `The site's secrets were renewed on ${on}: this endpoint's old secret no longer signs its requests, and the receiver rejects them until it has the new one. Rotate the secret to see it, and give it to the receiver.`,
  /** The activity record's detail for the renewal. */
  renewedByOperator: "renewed by npm run secrets:rotate -- --renew",
  disable: "Disable",
  enable: "Enable",
  disabled: "Endpoint disabled",
  enabled: "Endpoint enabled",
  remove: "Delete",
  removed: "Endpoint deleted",
  sendTest: "Send a test event",
  testQueued: "Test event queued: it appears in the delivery log.",
  sendAgain: "Send again",
  queuedAgain: "Delivery queued again",
  endpointsCaption: "Endpoints",
  deliveriesCaption: (url: string) => `Delivery log of ${url}`,
  noEndpoints: "No endpoints yet.",
  noDeliveries: "Nothing sent yet.",
  colUrl: "URL",
  colEvents: "Events",
  colState: "State",
  colActions: "Actions",
  colTime: "Time",
  colEvent: "Event",
  colStatus: "Status",
  colDuration: "Duration",
  colAttempt: "Attempt",
  colResponse: "Response",
  active: "Active",
  inactive: "Disabled",
  disabledGone: "Disabled: the receiver answered 410 Gone",
  statePending: "Pending",
  stateSent: "Delivered",
  stateFailed: "Given up",
  // Errors
  notFound: "No such endpoint",
  deliveryNotFound: "No such delivery",
  invalidUrl: "Enter a full URL starting with https://",
  httpNotAllowed: "Use https:// (http:// is only for this machine, or when the operator allows it)",
  privateAddress: "That address is on a private or local network: webhooks cannot be sent there",
  urlCredentials: "Leave the user name and password out of the URL",
  noEvents: "Choose at least one event",
  unknownEvent: "Unknown event",
  tooMany: `At most ${WEBHOOK_LIMITS.endpoints} endpoints`,
  descriptionTooLong: "Description: 200 characters at most",
  urlTooLong: "URL: 2000 characters at most",
  noPayload: "This delivery's content was erased with its enquiry: it cannot be sent again",
} as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "enquiry.created": "A new enquiry (enquiry.created)",
  "enquiry.status_changed": "Its status changed (enquiry.status_changed)",
  "enquiry.assigned": "It was assigned (enquiry.assigned)",
  "enquiry.erased": "It was erased (enquiry.erased)",
  "enquiry.stage_changed": "It moved to another stage (enquiry.stage_changed)",
  "booking.created": "A free waste review booked (booking.created)",
  "booking.rescheduled": "A review moved (booking.rescheduled)",
  "booking.cancelled": "A review cancelled (booking.cancelled)",
  "quote.sent": "A quote sent to the customer (quote.sent)",
  "quote.accepted": "A quote accepted online (quote.accepted)",
  "quote.declined": "A quote declined online (quote.declined)",
};

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.unknownEvent });

/** An endpoint as staff add it (the URL's scheme and address are checked by the service). */
export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.invalidUrl })
    .trim()
    .min(1, { error: WEBHOOK_MESSAGES.invalidUrl })
    .max(WEBHOOK_LIMITS.url, { error: WEBHOOK_MESSAGES.urlTooLong }),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.description, { error: WEBHOOK_MESSAGES.descriptionTooLong })
    .optional(),
  events: z
    .array(webhookEventSchema, { error: WEBHOOK_MESSAGES.noEvents })
    .min(1, { error: WEBHOOK_MESSAGES.noEvents })
    .max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEnabledInputSchema = z.object({ enabled: z.boolean() });

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: "Why it was disabled; null: by staff or enabled" }),
  createdAt: z.iso.datetime(),
  secretRenewedAt: z.iso.datetime().nullable().meta({
    description:
      "When npm run secrets:rotate -- --renew gave it a secret nobody has seen: rotate it to see one (null: not so)",
  }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint just added or with its secret rotated: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().meta({ description: "whsec_<base64>: shown only in this answer" }),
});

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  messageId: z.string().meta({ description: "The webhook-id header (the same when sent again)" }),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  status: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The last attempt's HTTP status; null: no answer" }),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  responseBody: z.string().nullable().meta({ description: "The first 1 KB of the last response's body" }),
  canResend: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
