import type { FastifyInstance } from "fastify";
import { privacyFoundSchema, privacyLookupSchema } from "../../../common/leads/privacy";
import {
  adminOnly,
  adminSecurity,
  documentOnlyValidation,
  errorBody,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

/**
 * The 'Privacy' lookup for API clients: a POST, so the visitor's address is in the body, never in
 * a URL (address bars, proxies, log lines). The screen posts its search the same way.
 */
export async function privacyRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  app.post(
    "/admin/privacy/lookup",
    {
      ...adminOnly("privacy"),
      schema: {
        summary: "Every enquiry of a visitor's e-mail address (case and spaces ignored), without its fields",
        tags: ["admin privacy"],
        security: adminSecurity,
        body: jsonSchemaOf(privacyLookupSchema),
        response: {
          200: withStatus("Ok", "data", jsonSchemaOf(privacyFoundSchema, "output")),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request) => {
      const { email } = parseBody(privacyLookupSchema, request.body);
      const found = await app.services.privacy.find(email);
      return {
        status: "Ok",
        data: found.map(({ _id, kind, createdAt, status }) => ({ _id, kind, createdAt, status })),
      };
    },
  );
}
