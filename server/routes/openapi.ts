import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { ADMIN_AUTH_COOKIE } from "../../common/constants";
import { enquiryViewSchema } from "../../common/enquiry-inbox";
import { webhookDocuments } from "../webhooks/openapi";
import { jsonSchemaOf } from "./schemas";

/**
 * Collects every route registered after it (call first in apiRoutes) into an OpenAPI 3 document
 * served at GET /api/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Fenland Organics API",
        description: "REST API of the site and its admin. Errors are {status:'Error', message}.",
        version: "1.0.0",
      },
      servers: [{ url: "/" }],
      // What 'Integrations' sends (OpenAPI 3.1's webhooks): each event's signed request.
      webhooks: webhookDocuments(jsonSchemaOf(enquiryViewSchema, "output")) as unknown as Record<
        string,
        never
      >,
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer" },
          cookieAuth: { type: "apiKey", in: "cookie", name: ADMIN_AUTH_COOKIE },
        },
      },
    },
  });
  // Labelled 3.1 for its `webhooks` (schemas keep the 3.0 dialect's `nullable`, which 3.1 tools read as an annotation).
  app.get("/openapi.json", { schema: { hide: true } }, async () => ({ ...app.swagger(), openapi: "3.1.0" }));
}
