import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_DATABASES } from "../test/harness";

describe.each(TEST_DATABASES)("liveness and readiness (%s)", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.close());

  it("is ready while serving, and stops being ready (still alive) once draining", async () => {
    expect((await app.inject({ url: "/api/readyz" })).json()).toEqual({ status: "ok" });
    app.draining = true;
    const ready = await app.inject({ url: "/api/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "Error", message: "Draining" });
    expect((await app.inject({ url: "/api/healthz" })).statusCode).toBe(200);
    app.draining = false;
  });
});
