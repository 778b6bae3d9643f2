import type { FastifyInstance } from "fastify";
import { passwordChangeSchema } from "../../common/account";
import { ACCOUNT_MESSAGES } from "../../common/admin-messages";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../common/constants";
import { clientKey } from "../client-address";
import { HttpError } from "../errors";
import { RAW_CREDENTIALS } from "../plugins/input";
import { LOGIN_WINDOW_MS } from "../services/logins";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  okBody,
  parseBody,
} from "./schemas";

/** PUT /api/admin/password: 'Change password' for the signed-in administrator. */
export async function adminAccountRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);

  app.put(
    "/admin/password",
    {
      config: RAW_CREDENTIALS,
      ...adminOnly,
      schema: {
        summary: "Change the signed-in administrator's password; every other session of the account ends",
        description:
          `Wrong current passwords are counted per client and account: after ${PASSWORD_CHANGE_ATTEMPTS} ` +
          `in ${LOGIN_WINDOW_MS / 60_000} minutes the answer is 429 until the window ends.`,
        tags: ["admin"],
        security: adminSecurity,
        body: jsonSchemaOf(passwordChangeSchema),
        response: {
          200: okBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const change = parseBody(passwordChangeSchema, request.body);
      const result = await app.services.logins.changePassword({
        adminId: request.admin!.id,
        client: clientKey(request.ip),
        change,
        keepToken: request.adminToken,
      });
      if (result.outcome === "unavailable") {
        request.log.error(
          { err: result.error },
          "login limit unavailable (Redis unreachable): password change refused",
        );
        return reply.status(503).send({ status: "Error", message: ACCOUNT_MESSAGES.unavailable });
      }
      if (result.outcome === "limited")
        throw new HttpError(429, ACCOUNT_MESSAGES.limited(result.retryAfterMs));
      if (result.outcome === "wrong-current") throw new HttpError(400, ACCOUNT_MESSAGES.currentWrong);
      return { status: "Ok" };
    },
  );
}
