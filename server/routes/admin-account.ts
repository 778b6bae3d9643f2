import type { FastifyInstance } from "fastify";
import { passwordChangeSchema } from "../../common/account";
import { HttpError } from "../errors";
import { RAW_CREDENTIALS } from "../plugins/input";
import { AccountError } from "../services/accounts";
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
        tags: ["admin"],
        security: adminSecurity,
        body: jsonSchemaOf(passwordChangeSchema),
        response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const change = parseBody(passwordChangeSchema, request.body);
      try {
        await app.services.accounts.changePassword(request.admin!.id, change, request.adminToken);
      } catch (error) {
        if (error instanceof AccountError) throw new HttpError(400, error.message);
        throw error;
      }
      return { status: "Ok" };
    },
  );
}
