import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_DATABASES } from "./test/harness";

describe.each(TEST_DATABASES)("platform on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    app.get("/api/test-boom", async () => {
      throw new Error("secret internal detail");
    });
    app.get("/api/test-large", async () => ({ status: "Ok", data: "x".repeat(5000) }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers healthz once migrated", async () => {
    const res = await app.inject({ method: "GET", url: "/api/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it.each(["GET", "POST", "DELETE"] as const)(
    "answers an unknown /api path (%s) with JSON 404",
    async (method) => {
      const res = await app.inject({ method, url: "/api/does-not-exist/at/all" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ status: "Error", message: "Not Found" });
    },
  );

  it("turns a thrown error into the JSON error shape without a stack", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test-boom" });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.status).toBe("Error");
    expect(typeof body.message).toBe("string");
    expect(res.body).not.toContain("secret internal detail");
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(Object.keys(body).sort()).toEqual(["message", "status"]);
  });

  it("sets security headers with a nonce-based script policy", async () => {
    const res = await app.inject({ method: "GET", url: "/api/healthz" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const again = await app.inject({ method: "GET", url: "/api/healthz" });
    expect(again.headers["content-security-policy"]).not.toBe(csp);
  });

  it("compresses large responses", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/test-large",
      headers: { "accept-encoding": "br" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it("answers malformed JSON with a 400 JSON error", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/healthz",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe("Error");
  });
});
