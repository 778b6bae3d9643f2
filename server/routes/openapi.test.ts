import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn } from "../test/content";
import { buildTestApp } from "../test/harness";

describe("OpenAPI document and hostile input", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp("pglite");
  });
  afterAll(() => app.close());

  it("serves /api/openapi.json generated from the route schemas, covering every CONTRACT row it owns", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const op of [
      "GET /api/blog",
      "GET /api/blog/{id}",
      "GET /api/blog/active-popup",
      "GET /api/blog/blog-image/{imageName}",
      "POST /api/admin/login",
      "POST /api/admin/logout",
      "GET /api/admin/profile",
      "POST /api/admin",
      "PUT /api/admin/{id}",
      "DELETE /api/admin/{id}",
      "POST /api/admin/add-image",
      "DELETE /api/admin/delete-image/{id}",
      "GET /api/admin/popups",
      "GET /api/admin/popup-message/{id}",
      "POST /api/admin/popup-message",
      "PUT /api/admin/edit-popup/{id}",
      "DELETE /api/admin/popup-message/{id}",
      "PUT /api/admin/activate-popup/{id}",
      "PUT /api/admin/deactivate-popup/{id}",
    ])
      expect(operations).toContain(op);
    expect(doc.paths["/api/admin/popups"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(
      doc.paths["/api/blog/{id}"].get.responses["200"].content["application/json"].schema.properties.result
        .required,
    ).toContain("dateAdded");
    expect(operations.some((op) => op.includes("*"))).toBe(false);
  });

  it("never answers 5xx to odd methods, paths and bodies across the content API", async () => {
    const token = await signIn(app);
    const paths = [
      "/api/blog/%E0%A4%A",
      `/api/blog/${"a".repeat(5000)}`,
      "/api/blog/blog-image/%2e%2e%2f",
      "/api/admin/%00",
      "/api/admin/popup-message/%ZZ",
      "/api/blog/blog-image/00000000-0000-4000-8000-000000000000?w=480",
      "/api/blog/blog-image/00000000-0000-4000-8000-000000000000?w[]=1",
    ];
    const bodies = ["", "null", "[]", '{"a":', '"x"', "1e400", JSON.stringify({ title: { $gt: "" } })];
    for (const url of paths)
      for (const method of ["GET", "POST", "PUT", "DELETE"] as const)
        for (const payload of bodies) {
          const res = await app.inject({
            method,
            url,
            headers: { ...bearer(token), "content-type": "application/json" },
            payload: method === "GET" ? undefined : payload,
          });
          expect(res.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        }
  });
});
