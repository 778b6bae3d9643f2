import type { FastifyInstance, FastifyRequest } from "fastify";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../common/leads/enquiry-terms";
import { clientKey } from "../client-address";

/**
 * Counts one send of a form by the request's client: the seconds until it may send that form again
 * when it is over its hourly allowance, undefined while within it.
 */
export type EnquiryAllowance = (kind: EnquiryKind) => Promise<number | undefined>;

/**
 * The forms sent without JavaScript (their pages' route actions) have an hourly allowance per client
 * and form as large as the REST API's (ENQUIRY_RATE_LIMIT; counted apart from it). The action asks
 * when it is about to send, so a refusal is the form's page itself (429, Retry-After, every value
 * kept), never the rate-limit plugin's JSON; and a quote's steps do not count, only its send.
 * Shared by the instances through Redis when there is one; a Redis outage turns no lead away.
 */
export function enquiryAllowances(
  app: FastifyInstance,
  perHour: number,
): (request: FastifyRequest) => EnquiryAllowance {
  const limiters = new Map(
    ENQUIRY_KINDS.map((kind) => [
      kind,
      app.createRateLimit({
        max: perHour,
        timeWindow: "1 hour",
        keyGenerator: (request) => `enquiry-form:${kind}:${clientKey(request.ip)}`,
      }),
    ]),
  );
  return (request) => async (kind) => {
    const limiter = limiters.get(kind);
    const result = limiter ? await limiter(request) : undefined;
    return result && !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;
  };
}
