import type { FastifyInstance, FastifyRequest } from "fastify";
import { Invalid, InvalidFields, Unavailable } from "../../../common/errors";
import { ENQUIRY_RETRY } from "../../../common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import { submissionFromBody } from "../../../common/leads/enquiry-submission";
import { FORM_KINDS, type FormKind } from "../../../common/leads/enquiry-terms";
import { enquiryRequestSchema } from "../../../common/leads/lead-source";
import { clientKey } from "../../client-address";
import { badRequest } from "../../errors";
import { sentByBrowser } from "../../services/leads/spam";
import { documentOnlyValidation, errorBody, jsonSchemaOf } from "../schemas";

/** Each form's path and the summary the API document gives its submission. */
const FORMS: Record<FormKind, { url: string; summary: string }> = {
  contact: { url: "/contact", summary: "Send a contact message" },
  quote: { url: "/quote", summary: "Send a quote request" },
  tankering: { url: "/tankering", summary: "Send a tankering enquiry" },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** POST /api/contact, /api/quote, /api/tankering; the inbox is in enquiry-inbox.ts. */
export async function enquiryRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const perHour = app.config.enquiryRateLimit;
  app.get(
    "/form-token",
    {
      schema: {
        summary: "A token for a form being shown",
        description:
          "The enquiry forms carry one in their HTML (or fetch one when shown) and send it back as " +
          "`formToken`: it records when the form was shown. Every enquiry needs one, an API client's " +
          "too: fetch one, then send the enquiry with it no sooner than 2.5 s later (sooner counts " +
          "towards spam; under 1 s with every field filled, or an expired or reused token, more). " +
          "Signed by the server; no cookie.",
        tags: ["enquiries"],
        response: {
          200: {
            type: "object",
            properties: { token: { type: "string" } },
            required: ["token"],
          },
          429: errorBody,
        },
      },
      config: {
        rateLimit: {
          max: 120,
          timeWindow: "1 hour",
          keyGenerator: (request: FastifyRequest) => `form-token:${clientKey(request.ip)}`,
        },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { token: await app.services.spam.issueToken() };
    },
  );

  for (const kind of FORM_KINDS) {
    const { url, summary } = FORMS[kind];
    app.post(url, {
      schema: {
        summary,
        description:
          "Stored, then mailed to the office. A missing or invalid field is refused with the form's " +
          `message for it. A client may send each form ${perHour} times an hour, then 429. While the ` +
          "database cannot be reached: 503 with Retry-After, nothing stored (send it again). Send a " +
          "`formToken` from `GET /api/form-token`: without one the enquiry is answered 201 as any other " +
          "but kept as Spam, never mailed (a post sent without loading a form is a bot's).",
        tags: ["enquiries"],
        body: jsonSchemaOf(enquiryRequestSchema(kind)),
        response: {
          201: {
            type: "object",
            properties: {
              status: { type: "string", enum: ["Created"] },
              reference: { type: "string", description: "The visitor's reference, e.g. FO-1A2B3C4D" },
            },
            required: ["status", "reference"],
          },
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
      config: {
        rateLimit: {
          max: perHour,
          timeWindow: "1 hour",
          // Counted per client and per form: a contact message does not use up the quote allowance.
          keyGenerator: (request: FastifyRequest) => `enquiry:${kind}:${clientKey(request.ip)}`,
        },
      },
      handler: async (request, reply) => {
        const body = request.body;
        if (!isObject(body)) throw badRequest(ENQUIRY_MESSAGES.invalidBody);
        // The one intake (services/leads/enquiry-intake.ts): 201 only once the enquiry and its
        // outbox row are committed. Wrong fields are a 400 with the first field's message alone
        // (CONTRACT's error body); a database that cannot be reached is a 503 with Retry-After
        // (Unavailable): nothing stored.
        const submission = submissionFromBody(kind, body, {
          client: clientKey(request.ip),
          browser: sentByBrowser((name) => request.headers[name]),
        });
        const { reference, stored } = await app.services.intake.take(submission).catch((error) => {
          if (error instanceof InvalidFields) throw new Invalid(error.message);
          if (error instanceof Unavailable) reply.header("retry-after", String(ENQUIRY_RETRY.afterSeconds));
          throw error;
        });
        if (!stored) request.log.info({ kind }, "honeypot filled and the enquiry invalid: discarded");
        return reply.status(201).send({ status: "Created", reference });
      },
    });
  }
}
