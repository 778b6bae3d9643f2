import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazySchemaCompilers } from "./lazy-compilers";

describe("schemas compiled at a route's first request", () => {
  it("validate and serialize as Fastify's own compilers do", async () => {
    const app = Fastify({ schemaController: lazySchemaCompilers });
    app.get(
      "/items",
      {
        schema: {
          querystring: {
            type: "object",
            properties: { limit: { type: "integer", maximum: 10 } },
            additionalProperties: false,
          },
          response: { 200: { type: "object", properties: { limit: { type: "integer" } } } },
        },
      },
      async (request) => ({ ...(request.query as object), secret: "never sent" }),
    );
    await app.ready();
    const refused = await app.inject({ url: "/items?limit=11" });
    expect(refused.statusCode).toBe(400);
    // Ajv's refusal reaches Fastify's answer (it reads the details from the validator function).
    expect(refused.json().message).toBe("querystring/limit must be <= 10");
    const answered = await app.inject({ url: "/items?limit=3" });
    expect(answered.statusCode).toBe(200);
    // The response schema's serializer ran: the query's string became an integer, the extra field left.
    expect(answered.json()).toEqual({ limit: 3 });
    await app.close();
  });
});
