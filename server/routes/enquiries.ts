import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SPAM_MESSAGES } from "../../common/admin-messages";
import { enquiryReference } from "../../common/confirmation";
import { ENQUIRY_SCHEMAS, HONEYPOT_FIELD } from "../../common/enquiries";
import { ENQUIRY_MESSAGES } from "../../common/enquiry-messages";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../common/enquiry-terms";
import { enquiryRequestSchema, leadSourceInputSchema } from "../../common/lead-source";
import { FORM_TOKEN_FIELD } from "../../common/spam";
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
  app.get(
    "/form-token",
    {
      schema: {
        summary: "A token for a form being shown",
        description:
          "The enquiry forms fetch one when shown and send it back as `formToken`: it records when the " +
          "form was shown (a form sent back within a couple of seconds, or with an expired or reused " +
          "token, counts towards spam). Signed by the server; no cookie.",
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
        const spam = app.services.spam;
        if (trap !== undefined && trap !== null && trap !== "") {
          // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
          // person whose browser filled the hidden field can still be found in the inbox.
          const stored = parsed.success
            ? await app.services.enquiries.submit(kind, parsed.data, {
                spam: true,
                source,
                spamReasons: [SPAM_MESSAGES.honeypot],
              })
            : request.log.info({ kind }, "honeypot filled and the enquiry invalid: discarded");
          return reply
            .status(201)
            .send({ status: "Created", reference: stored?.reference ?? enquiryReference(randomUUID()) });
        }
        if (!parsed.success) throw badRequest(firstIssue(parsed) ?? ENQUIRY_MESSAGES.invalidBody);
        // 201 only once the enquiry and its outbox row are committed.
        // Scored spam is kept as Spam with its reasons (never mailed); the visitor sees the same 201.
        const verdict = await spam.check(parsed.data, body[FORM_TOKEN_FIELD], clientKey(request.ip));
        const { reference } = await app.services.enquiries.submit(kind, parsed.data, {
          source,
          spam: verdict.spam,
          spamReasons: verdict.reasons,
          tokenId: verdict.tokenId,
        });
        spam.prune().catch((error) => request.log.warn({ err: error }, "spam: pruning used tokens failed"));
        return reply.status(201).send({ status: "Created", reference });
      },
    });
  }
}
