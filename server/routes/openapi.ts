import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { enquiryViewSchema } from "../../common/leads/enquiry-inbox";
import { ADMIN_AUTH_COOKIE } from "../../common/staff/admin-cookie";
import { webhookDocuments } from "../services/webhooks/openapi";
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
  // OpenAPI 3.1 (its `webhooks` need it): the route schemas, written in the 3.0 dialect that
  // fastify's serializer reads, are served in 3.1's (JSON Schema 2020-12) once, when first asked.
  let served: unknown;
  app.get("/openapi.json", { schema: { hide: true } }, async () => {
    served ??= { ...(toJsonSchemaDialect(app.swagger()) as object), openapi: "3.1.0" };
    return served;
  });
}

/**
 * A document's schemas from OpenAPI 3.0's dialect to 3.1's: `nullable: true` becomes a "null" in
 * `type` (or an `anyOf` with `{type: "null"}` where there is no type), and a boolean
 * `exclusiveMinimum`/`exclusiveMaximum` becomes the number it qualifies.
 */
export function toJsonSchemaDialect(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchemaDialect);
  if (typeof value !== "object" || value === null) return value;
  const { nullable, ...rest } = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, toJsonSchemaDialect(item)]),
  ) as Record<string, unknown>;
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const)
    if (typeof rest[flag] === "boolean") {
      if (rest[flag]) rest[flag] = rest[bound];
      else delete rest[flag];
      if (rest[flag] !== undefined) delete rest[bound];
    }
  if (nullable !== true) return nullable === undefined ? rest : { ...rest, nullable };
  if (typeof rest.type === "string") return { ...rest, type: [rest.type, "null"] };
  if (Array.isArray(rest.type)) return { ...rest, type: [...rest.type, "null"] };
  return { anyOf: [rest, { type: "null" }] };
}
