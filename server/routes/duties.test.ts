import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/harness";
import { type DutyRecord, routeDutyGuard, UNDOCUMENTED } from "./duties";

/**
 * Every registered /api route carries its duties: in the OpenAPI document unless listed as exempt
 * with a reason, and bounded where it takes input. Compared with the real document, so a route
 * that slips out of it fails here, and a new route without them stops the start.
 */
describe("every route's duties", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp("pglite");
  });
  afterAll(() => app.close());

  it("puts every registered route in the OpenAPI document but the exempt ones", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = app.routeDuties;
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((route) => route.documented)
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, "{$1}")}`)
      .filter((op) => !documented.has(op));
    expect(missing).toEqual([]);
    const exempt = routes.filter((route) => !route.documented).map((r) => `${r.method} ${r.url}`);
    for (const op of exempt)
      expect(UNDOCUMENTED[op] ?? UNDOCUMENTED[op.slice(op.indexOf(" ") + 1)], op).toEqual(expect.any(String));
  });

  it("bounds every route that takes input; anonymous ones by a rate limit or the sign-in counters", () => {
    const writes = app.routeDuties.filter((route) =>
      ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
    );
    const open = writes.filter((route) => route.bound !== "staff session" && route.documented);
    expect(open.map((r) => `${r.method} ${r.url} ${r.bound}`).sort()).toEqual([
      "POST /api/admin/invites/:token sign-in counters",
      "POST /api/admin/login sign-in counters",
      "POST /api/admin/login/passkey sign-in counters",
      "POST /api/admin/login/passkey/options rate limit",
      "POST /api/admin/login/two-factor sign-in counters",
      "POST /api/admin/login/two-factor/passkey sign-in counters",
      "POST /api/admin/login/two-factor/passkey/options rate limit",
      "POST /api/bookings rate limit",
      "POST /api/bookings/:id/cancel rate limit",
      "POST /api/bookings/:id/reschedule rate limit",
      "POST /api/bookings/:id/view rate limit",
      "POST /api/contact rate limit",
      "POST /api/insights rate limit",
      "POST /api/quote rate limit",
      "POST /api/quotes/:id/accept rate limit",
      "POST /api/quotes/:id/decline rate limit",
      "POST /api/quotes/:id/pdf rate limit",
      "POST /api/quotes/:id/view rate limit",
      "POST /api/tankering rate limit",
    ]);
    expect(writes.filter((route) => route.documented).every((route) => route.bound !== undefined)).toBe(true);
    // Bodies: the app's 1 MB unless a route sets its own (the passkey routes: 64 KB, options 1 KB).
    expect(app.initialConfig.bodyLimit).toBe(1024 * 1024);
    expect(
      app.routeDuties
        .filter((route) => route.bodyLimit !== undefined)
        .map((r) => `${r.method} ${r.url} ${r.bodyLimit}`)
        .sort(),
    ).toEqual([
      "DELETE /api/admin/passkeys/:id 65536",
      "GET /api/admin/passkeys 65536",
      "POST /api/admin/login/passkey 65536",
      "POST /api/admin/login/passkey/options 1024",
      "POST /api/admin/login/two-factor/passkey 65536",
      "POST /api/admin/login/two-factor/passkey/options 1024",
      "POST /api/admin/passkeys 65536",
      "POST /api/admin/passkeys/options 65536",
      "POST /api/admin/sudo/passkey 65536",
      "POST /api/admin/sudo/passkey/options 1024",
    ]);
  });

  it("stops the start when a route is undocumented, or takes input with nothing bounding it", async () => {
    const attempt = async (register: (scope: FastifyInstance) => void) => {
      const bare = Fastify();
      const records: DutyRecord[] = [];
      bare.addHook("onRoute", routeDutyGuard(records));
      try {
        await bare.register(async (scope) => register(scope), { prefix: "/api" });
        await bare.ready();
        return "started";
      } catch (error) {
        return (error as Error).message;
      } finally {
        await bare.close();
      }
    };
    const reply = async () => ({ ok: true });
    expect(await attempt((scope) => scope.get("/hidden", reply))).toMatch(
      /^GET \/api\/hidden is missing from the OpenAPI document/,
    );
    expect(
      await attempt((scope) => scope.post("/open", { schema: { summary: "Anyone may post" } }, reply)),
    ).toMatch(/^POST \/api\/open takes input with nothing bounding it/);
    expect(
      await attempt((scope) =>
        scope.post("/limited", { schema: { summary: "Limited" }, config: { rateLimit: { max: 5 } } }, reply),
      ),
    ).toBe("started");
  });
});
