import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { ADMIN_AUTH_COOKIE } from "../../common/constants";

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
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer" },
          cookieAuth: { type: "apiKey", in: "cookie", name: ADMIN_AUTH_COOKIE },
        },
      },
    },
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
