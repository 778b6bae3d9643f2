import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { enquiryReference } from "../../common/confirmation";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../common/constants";
import { ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "../../common/enquiries";
import { enquiryRequestSchema, leadSourceInputSchema } from "../../common/lead-source";
import { ENQUIRY_MESSAGES } from "../../common/messages";
import { firstIssue } from "../../common/zod";
import { clientKey } from "../client-address";
import { badRequest } from "../errors";
import { normaliseLeadSource } from "../services/lead-source";
import { documentOnlyValidation, errorBody, jsonSchemaOf } from "./schemas";

/** Each form's path and the summary the API document gives its submission. */
const FORMS: Record<EnquiryKind, { url: string; summary: string }> = {
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
  for (const kind of ENQUIRY_KINDS) {
    const { url, summary } = FORMS[kind];
    app.post(url, {
      schema: {
        summary,
        description:
          "Stored, then mailed to the office. A missing or invalid field is refused with the form's " +
          `message for it. A client may send each form ${perHour} times an hour, then 429.`,
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
        const trap = body[HONEYPOT_FIELD];
        const parsed = ENQUIRY_SCHEMAS[kind].safeParse(body);
        const sent = leadSourceInputSchema.optional().safeParse(body.source ?? undefined);
        if (!sent.success) throw badRequest(ENQUIRY_MESSAGES.invalidSource);
        const source = normaliseLeadSource(sent.data);
        if (trap !== undefined && trap !== null && trap !== "") {
          // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
          // person whose browser filled the hidden field can still be found in the inbox.
          const stored = parsed.success
            ? await app.services.enquiries.submit(kind, parsed.data, { spam: true, source })
            : request.log.info({ kind }, "honeypot filled and the enquiry invalid: discarded");
          return reply
            .status(201)
            .send({ status: "Created", reference: stored?.reference ?? enquiryReference(randomUUID()) });
        }
        if (!parsed.success) throw badRequest(firstIssue(parsed) ?? ENQUIRY_MESSAGES.invalidBody);
        // 201 only once the enquiry and its outbox row are committed.
        const { reference } = await app.services.enquiries.submit(kind, parsed.data, { source });
        return reply.status(201).send({ status: "Created", reference });
      },
    });
  }
}
