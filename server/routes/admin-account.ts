import type { FastifyInstance } from "fastify";
import { passwordChangeSchema } from "../../common/account";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../common/passwords";
import { clientKey } from "../client-address";
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
      config: { ...RAW_CREDENTIALS, ...adminOnly("anyRole").config },
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
    async (request) => {
      const change = parseBody(passwordChangeSchema, request.body);
      await app.services.logins.changePassword({
        adminId: request.admin!.id,
        client: clientKey(request.ip),
        change,
        keepToken: request.adminToken,
      });
      return { status: "Ok" };
    },
  );
}
