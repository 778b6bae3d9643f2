import type { FastifyInstance } from "fastify";
import { auditPageSchema, auditQuerySchema, auditQueryValues } from "../../common/audit";
import { adminErrors, adminRoute, documentOnlyValidation, jsonSchemaOf, parseBody } from "./schemas";

const page = jsonSchemaOf(auditPageSchema, "output");
const admin = adminRoute("security", "admin audit");

/** The audit log ('Audit log' in the admin: Owner only, the "security" permission). */
export async function auditRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  app.get(
    "/admin/audit",
    admin("Who did what in the admin, newest first; filters by action, person and dates, keyset pages", {
      querystring: jsonSchemaOf(auditQuerySchema),
      response: {
        200: {
          ...page,
          properties: { status: { type: "string", enum: ["Ok"] }, ...page.properties },
          required: ["status", ...(page.required ?? [])],
        },
        ...adminErrors,
      },
    }),
    async (request) => {
      const query = parseBody(auditQuerySchema, auditQueryValues(request.query as Record<string, unknown>));
      return { status: "Ok", ...(await app.services.audit.list(query)) };
    },
  );
}
