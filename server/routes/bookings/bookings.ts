import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  availabilitySchema,
  BOOKING_MESSAGES,
  blockSchema,
  blockViewSchema,
  bookingListQuerySchema,
  bookingSchema,
  bookingSettingsSchema,
  bookingViewSchema,
  cancelSchema,
  dayRangeSchema,
  linkedBookingSchema,
  outcomeSchema,
  reassignSchema,
  rescheduleSchema,
  reviewersSchema,
  reviewerViewSchema,
} from "../../../common/bookings/bookings";
import { Invalid, InvalidFields } from "../../../common/errors";
import { HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import { leadSourceInputSchema } from "../../../common/leads/lead-source";
import { LEAD_SOURCE_FIELD } from "../../../common/leads/lead-source-field";
import { FORM_TOKEN_FIELD } from "../../../common/leads/spam-fields";
import { z } from "../../../common/zod";
import { clientKey } from "../../client-address";
import { badRequest } from "../../errors";
import { SlotTaken } from "../../services/bookings/bookings";
import { sentByBrowser } from "../../services/leads/spam";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  okBody,
  parseBody,
} from "../schemas";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const out = (schema: z.ZodType) => jsonSchemaOf(schema, "output");
const ok = (key: string, schema: object) => ({
  type: "object",
  properties: { status: { type: "string", enum: ["Ok"] }, [key]: schema },
  required: ["status", key],
});

const slotJson = out(z.object({ start: z.string(), time: z.string() }));
/** 409: the time was taken meanwhile; the nearest free times come with the message. */
const takenBody = {
  type: "object",
  properties: { ...errorBody.properties, nearest: { type: "array", items: slotJson } },
  required: ["status", "message", "nearest"],
};

/** SlotTaken answered 409 with the nearest free times; anything else as the error handler does. */
async function answerTaken<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SlotTaken)
      return reply.status(409).send({ status: "Error", message: error.message, nearest: error.nearest });
    // The API answers one message (CONTRACT's error body): the first field's.
    if (error instanceof InvalidFields) throw new Invalid(error.message);
    throw error;
  }
}

const tokenBody = z.object({ token: z.string().meta({ description: "The token of the booking's link" }) });

type WithId = { Params: { id: string } };

/**
 * The free waste review's REST API (issue 48): public availability, a booking (the form token and
 * the enquiries' rate limit), the visitor's link (view, move, cancel); the desk's list and changes.
 */
export async function bookingRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const bookings = app.services.bookings;
  const perHour = app.config.enquiryRateLimit;
  const limited = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: "1 hour",
      keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request.ip)}`,
    },
  });

  app.get(
    "/bookings/availability",
    {
      schema: {
        summary: "The free waste review's free times",
        description:
          "The days with free times and each day's times (London), from the first bookable day (the minimum " +
          "notice) to the horizon, or within `from` to `to` (YYYY-MM-DD). From the published opening hours " +
          "and special days, less the reviews booked (with the buffer after each) and the times staff blocked.",
        tags: ["bookings"],
        querystring: jsonSchemaOf(dayRangeSchema),
        response: {
          200: ok("days", out(availabilitySchema).properties?.days ?? {}),
          400: errorBody,
          429: errorBody,
        },
      },
      config: limited("booking-availability", 600),
    },
    async (request, reply) => {
      const range = parseBody(dayRangeSchema, request.query);
      reply.header("cache-control", "no-store");
      return { status: "Ok", days: await bookings.availableDays(range) };
    },
  );

  app.post(
    "/bookings",
    {
      schema: {
        summary: "Book a free waste review",
        description:
          "Books one of the times `GET /api/bookings/availability` offers and puts an enquiry on the desk. " +
          "Needs a `formToken` from `GET /api/form-token` (the same spam rules as the enquiries: without one " +
          `the booking is answered 201 but kept as Spam and takes no time). ${perHour} an hour per client. ` +
          "409 when the time was taken meanwhile, with the nearest free times. The enquiry is of its own kind, " +
          '`review` ("Free waste review" on the desk), stored through the same intake as the forms\'.',
        // A door of the enquiries too: its enquiry comes in through the one intake.
        tags: ["bookings", "enquiries"],
        body: jsonSchemaOf(
          bookingSchema.extend({
            source: leadSourceInputSchema.optional(),
            [FORM_TOKEN_FIELD]: z.string().optional(),
          }),
        ),
        response: {
          201: {
            type: "object",
            properties: {
              status: { type: "string", enum: ["Created"] },
              reference: { type: "string" },
              startsAt: { type: "string" },
            },
            required: ["status", "reference", "startsAt"],
          },
          400: errorBody,
          409: takenBody,
          429: errorBody,
        },
      },
      config: limited("booking", perHour),
    },
    async (request, reply) => {
      const body = request.body;
      if (!isObject(body)) throw badRequest(BOOKING_MESSAGES.invalidBody);
      const {
        [HONEYPOT_FIELD]: trap,
        [FORM_TOKEN_FIELD]: token,
        [LEAD_SOURCE_FIELD]: source,
        ...fields
      } = body;
      return answerTaken(reply, async () => {
        const booked = await bookings.book({
          fields,
          token,
          trap,
          source,
          client: clientKey(request.ip),
          browser: sentByBrowser((name) => request.headers[name]),
        });
        return reply
          .status(201)
          .send({ status: "Created", reference: booked.reference, startsAt: booked.startsAt });
      });
    },
  );

  const linkErrors = { 400: errorBody, 404: errorBody, 429: errorBody };

  app.post<WithId>(
    "/bookings/:id/view",
    {
      schema: {
        summary: "A booking, by its link",
        description:
          "The reference, time and status of the booking whose link's token is sent; 404 for any other.",
        tags: ["bookings"],
        params: idParams,
        body: jsonSchemaOf(tokenBody),
        response: { 200: ok("booking", out(linkedBookingSchema)), ...linkErrors },
      },
      config: limited("booking-link", 300),
    },
    async (request) => {
      const { token } = parseBody(tokenBody, request.body);
      return { status: "Ok", booking: await bookings.viewByLink(request.params.id, token) };
    },
  );

  app.post<WithId>(
    "/bookings/:id/reschedule",
    {
      schema: {
        summary: "Move a booking, by its link",
        description:
          "To another time offered. 404 when the link is not this booking's, was cancelled or has ended.",
        tags: ["bookings"],
        params: idParams,
        body: jsonSchemaOf(tokenBody.extend(rescheduleSchema.shape)),
        response: { 200: ok("booking", out(linkedBookingSchema)), ...linkErrors, 409: takenBody },
      },
      config: limited("booking-link", 300),
    },
    async (request, reply) => {
      const { token } = parseBody(tokenBody, request.body);
      const { start } = parseBody(rescheduleSchema, request.body);
      return answerTaken(reply, async () => ({
        status: "Ok",
        booking: await bookings.rescheduleByLink(request.params.id, token, start),
      }));
    },
  );

  app.post<WithId>(
    "/bookings/:id/cancel",
    {
      schema: {
        summary: "Cancel a booking, by its link",
        description: "The time is free again and the link ends with it.",
        tags: ["bookings"],
        params: idParams,
        body: jsonSchemaOf(tokenBody),
        response: { 200: ok("booking", out(linkedBookingSchema)), ...linkErrors, 409: errorBody },
      },
      config: limited("booking-link", 300),
    },
    async (request) => {
      const { token } = parseBody(tokenBody, request.body);
      return { status: "Ok", booking: await bookings.cancelByLink(request.params.id, token) };
    },
  );

  app.get<{ Params: { staffId: string; token: string } }>(
    "/bookings/feed/:staffId/:token",
    {
      schema: {
        summary: "A colleague's bookings as an ICS feed (their secret address)",
        description:
          "The address 'Bookings' gives a colleague (`POST /api/admin/booking-feed`), for a calendar to " +
          "subscribe to: their reviews not cancelled, from 30 days ago, as text/calendar. 404 for any " +
          "other address, a renewed one included. The path holds a secret: never logged (the log shows " +
          "the route's pattern).",
        tags: ["bookings"],
        params: {
          type: "object",
          properties: { staffId: { type: "string" }, token: { type: "string" } },
          required: ["staffId", "token"],
        },
        response: {
          200: { description: "The feed", content: { "text/calendar": { schema: { type: "string" } } } },
          404: errorBody,
          429: errorBody,
        },
      },
      config: limited("booking-feed", 120),
    },
    async (request, reply) => {
      const body = await bookings.feed(request.params.staffId, request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("referrer-policy", "no-referrer")
        .send(body);
    },
  );

  // The desk: Desk and Owner (the "enquiries" permission), not Editor.
  const desk = adminRoute("enquiries", "admin bookings");
  const errors = { ...adminErrors, 404: errorBody };
  const oneBooking = ok("booking", out(bookingViewSchema));

  app.get(
    "/admin/bookings",
    desk("Bookings by start: a range of days, one colleague or a status", {
      description: "Default: today's (London). `staffId=office` lists those nobody takes yet.",
      querystring: jsonSchemaOf(bookingListQuerySchema),
      response: { 200: ok("bookings", { type: "array", items: out(bookingViewSchema) }), ...errors },
    }),
    async (request) => {
      const query = parseBody(bookingListQuerySchema, request.query);
      return { status: "Ok", bookings: await bookings.list(query, request.admin!) };
    },
  );

  app.get<WithId>(
    "/admin/bookings/:id",
    desk("One booking", { params: idParams, response: { 200: oneBooking, ...errors } }),
    async (request) => ({ status: "Ok", booking: await bookings.get(request.params.id, request.admin!) }),
  );

  app.post<WithId>(
    "/admin/bookings/:id/reassign",
    desk("Give a booking to a colleague (or back to the office: null)", {
      description: "409 when the colleague has another review (or its buffer) at that time.",
      params: idParams,
      body: jsonSchemaOf(reassignSchema),
      response: { 200: oneBooking, ...errors, 409: errorBody },
    }),
    async (request) => {
      const { staffId } = parseBody(reassignSchema, request.body);
      return { status: "Ok", booking: await bookings.reassign(request.params.id, staffId, request.admin!) };
    },
  );

  app.post<WithId>(
    "/admin/bookings/:id/reschedule",
    desk("Move a booking to another free time", {
      description:
        "Any free time from today (no minimum notice for the desk); 409 with the nearest when taken.",
      params: idParams,
      body: jsonSchemaOf(rescheduleSchema),
      response: { 200: oneBooking, ...errors, 409: takenBody },
    }),
    async (request, reply) => {
      const { start } = parseBody(rescheduleSchema, request.body);
      return answerTaken(reply, async () => ({
        status: "Ok",
        booking: await bookings.reschedule(request.params.id, start, request.admin!),
      }));
    },
  );

  app.post<WithId>(
    "/admin/bookings/:id/cancel",
    desk("Cancel a booking, with a reason", {
      params: idParams,
      body: jsonSchemaOf(cancelSchema),
      response: { 200: oneBooking, ...errors, 409: errorBody },
    }),
    async (request) => {
      const { reason } = parseBody(cancelSchema, request.body);
      return { status: "Ok", booking: await bookings.cancel(request.params.id, { reason }, request.admin!) };
    },
  );

  app.post<WithId>(
    "/admin/bookings/:id/outcome",
    desk("Mark a review held or no-show", {
      params: idParams,
      body: jsonSchemaOf(outcomeSchema),
      response: { 200: oneBooking, ...errors, 409: errorBody },
    }),
    async (request) => {
      const { status } = parseBody(outcomeSchema, request.body);
      return { status: "Ok", booking: await bookings.markOutcome(request.params.id, status, request.admin!) };
    },
  );

  app.get(
    "/admin/booking-blocks",
    desk("Times blocked for reviews, still to come", {
      response: { 200: ok("blocks", { type: "array", items: out(blockViewSchema) }), ...errors },
    }),
    async (request) => ({ status: "Ok", blocks: await bookings.blocks(request.admin!) }),
  );

  app.post(
    "/admin/booking-blocks",
    desk("Block a time for reviews (a holiday, training)", {
      body: jsonSchemaOf(blockSchema),
      response: {
        201: {
          ...ok("block", out(blockViewSchema)),
          properties: { status: { type: "string", enum: ["Created"] }, block: out(blockViewSchema) },
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      const block = await bookings.addBlock(request.body, request.admin!).catch((error) => {
        if (error instanceof InvalidFields) throw new Invalid(error.message);
        throw error;
      });
      return reply.status(201).send({ status: "Created", block });
    },
  );

  app.delete<WithId>(
    "/admin/booking-blocks/:id",
    desk("Remove a blocked time", { params: idParams, response: { 200: okBody, ...errors } }),
    async (request) => {
      await bookings.removeBlock(request.params.id, request.admin!);
      return { status: "Ok" };
    },
  );

  app.get(
    "/admin/booking-feed",
    desk("Whether the caller has a bookings feed address, and since when", {
      response: {
        200: ok("feed", {
          type: "object",
          properties: { since: { type: ["string", "null"] } },
          required: ["since"],
        }),
        ...errors,
      },
    }),
    async (request) => ({ status: "Ok", feed: await bookings.feedState(request.admin!) }),
  );

  app.post(
    "/admin/booking-feed",
    desk("A new secret address for the caller's own bookings feed (the old one is refused)", {
      description: "The address is shown once, in this answer: only its secret's SHA-256 is kept.",
      response: {
        201: {
          type: "object",
          properties: { status: { type: "string", enum: ["Created"] }, url: { type: "string" } },
          required: ["status", "url"],
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      const { url } = await bookings.renewFeed(request.admin!);
      reply.header("cache-control", "no-store");
      return reply.status(201).send({ status: "Created", url });
    },
  );

  app.get(
    "/admin/booking-reviewers",
    desk("The colleagues who may take reviews, and whether they do", {
      response: { 200: ok("reviewers", { type: "array", items: out(reviewerViewSchema) }), ...errors },
    }),
    async (request) => ({ status: "Ok", reviewers: await bookings.reviewers(request.admin!) }),
  );

  app.put(
    "/admin/booking-reviewers",
    adminRoute("booking-settings", "admin bookings")("Mark the colleagues who take reviews (Owner)", {
      description:
        "Each a Desk or Owner colleague's id; a booking is then given to one free at its time (none: the " +
        "office's one calendar). Bookings already made keep whom they are with.",
      body: jsonSchemaOf(reviewersSchema),
      response: { 200: ok("reviewers", { type: "array", items: out(reviewerViewSchema) }), ...errors },
    }),
    async (request) => {
      const reviewers = await bookings.setReviewers(request.body, request.admin!).catch((error) => {
        if (error instanceof InvalidFields) throw new Invalid(error.message);
        throw error;
      });
      return { status: "Ok", reviewers };
    },
  );

  app.get(
    "/admin/booking-settings",
    desk("The booking settings", {
      response: { 200: ok("settings", out(bookingSettingsSchema)), ...errors },
    }),
    async () => ({ status: "Ok", settings: await bookings.settings() }),
  );

  app.put(
    "/admin/booking-settings",
    adminRoute("booking-settings", "admin bookings")("Change the booking settings (Owner)", {
      body: jsonSchemaOf(bookingSettingsSchema),
      response: { 200: ok("settings", out(bookingSettingsSchema)), ...errors },
    }),
    async (request) => {
      const settings = await bookings.saveSettings(request.body, request.admin!).catch((error) => {
        if (error instanceof InvalidFields) throw new Invalid(error.message);
        throw error;
      });
      return { status: "Ok", settings };
    },
  );
}
