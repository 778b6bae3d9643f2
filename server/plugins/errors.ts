import type { FastifyError, FastifyInstance } from "fastify";
import { API_MESSAGES } from "../../common/messages";

const JSON_BODY_ERRORS = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/**
 * Every error leaves as `{status:"Error", message}`: client errors with their own message,
 * server errors with a generic one (logged with the request id, never a stack to the client).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
