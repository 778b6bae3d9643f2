import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EnquiryKind } from "../../common/constants";
import { ENQUIRY_SCHEMAS, firstIssue, HONEYPOT_FIELD } from "../../common/enquiries";
import { ENQUIRY_MESSAGES } from "../../common/messages";
import { clientKey } from "../client-address";
import { badRequest } from "../errors";

const FORM_PATHS: Record<EnquiryKind, string> = {
  contact: "/contact",
  quote: "/quote",
  tankering: "/tankering",
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** POST /api/contact, /api/quote, /api/tankering (CONTRACT.md); the inbox is in enquiry-inbox.ts. */
export async function enquiryRoutes(app: FastifyInstance) {
  for (const [kind, url] of Object.entries(FORM_PATHS) as Array<[EnquiryKind, string]>) {
    app.post(url, {
      config: {
        rateLimit: {
          max: app.config.enquiryRateLimit,
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
        if (trap !== undefined && trap !== null && trap !== "") {
          // Answered like a success so a bot learns nothing. Kept as spam (never mailed) so a
          // person whose browser filled the hidden field can still be found in the inbox.
          if (parsed.success) await app.services.enquiries.submit(kind, parsed.data, { spam: true });
          else request.log.info({ kind }, "honeypot filled and the enquiry invalid: discarded");
          return reply.status(201).send({ status: "Created" });
        }
        if (!parsed.success) throw badRequest(firstIssue(parsed) ?? ENQUIRY_MESSAGES.invalidBody);
        // 201 only once the enquiry and its outbox row are committed.
        await app.services.enquiries.submit(kind, parsed.data);
        return reply.status(201).send({ status: "Created" });
      },
    });
  }
}
