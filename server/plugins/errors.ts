import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError, domainStatus, Unavailable } from "../../common/errors";
import { API_MESSAGES } from "../../common/messages";
import { PERMISSIONS_POLICY } from "./security";

const JSON_BODY_ERRORS = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/**
 * Every error leaves as `{status:"Error", message}`: client errors with their own message,
 * server errors with a generic one (logged with the request id, never a stack to the client).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof Unavailable) request.log.error({ err: error.cause }, error.logLine);
      // A document refused as a whole (site content) says every field's problem too.
      const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
      return reply
        .status(domainStatus(error))
        .send({ status: "Error", message: error.message, ...(fields ? { fieldErrors: fields } : {}) });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ status: "Error", message: API_MESSAGES.internal });
    }
    let message = error.message;
    if (error.code && JSON_BODY_ERRORS.has(error.code)) message = API_MESSAGES.malformedJson;
    else if (status === 429) message = error.message || API_MESSAGES.tooManyRequests;
    return reply.status(status).send({ status: "Error", message });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ status: "Error", message: API_MESSAGES.notFound }),
  );
}

/**
 * Fastify's `frameworkErrors`: a request refused before routing (a malformed percent-escape such
 * as `/about%`, an overlong parameter). No hook runs for it, so the headers are set here: API paths
 * answer the API's JSON error body, pages a plain 400 text. Never stored.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .header("cache-control", "no-store")
    .header("permissions-policy", PERMISSIONS_POLICY)
    .header("x-content-type-options", "nosniff");
  if (request.url.startsWith("/api")) reply.send({ status: "Error", message: API_MESSAGES.malformedUrl });
  else reply.type("text/plain; charset=utf-8").send(API_MESSAGES.malformedUrl);
}
