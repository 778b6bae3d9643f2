import type { FastifyInstance } from "fastify";
import { API_MESSAGES } from "../../common/messages";
import { InputTooDeep, storableValue } from "../../common/text";
import { HttpError } from "../errors";

/**
 * NUL characters and lone surrogates cannot be stored by PostgreSQL and never belong in what a
 * person sends, so every body, query and path parameter loses them before any route sees it: no
 * input can reach the database with them (a 500 before), and a visitor's enquiry is kept.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on the endpoints that take passwords: they check their input themselves. */
    rawCredentials?: boolean;
  }
}
export const RAW_CREDENTIALS = { rawCredentials: true } as const;

export function registerInputHygiene(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    // Credentials are compared exactly: a password with a stray character is another password.
    if (request.routeOptions.config?.rawCredentials) return;
    try {
      if (request.body !== undefined) request.body = storableValue(request.body);
      // Only a percent-escape can put either into the query or the path (the common case skips this).
      if (request.url.includes("%")) {
        request.query = storableValue(request.query);
        request.params = storableValue(request.params);
      }
    } catch (error) {
      if (error instanceof InputTooDeep) throw new HttpError(400, API_MESSAGES.nestedTooDeep);
      throw error;
    }
  });
}
