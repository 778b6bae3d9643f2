import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions } from "../../db/schema";
import { guardedAdminRoutes, tryRoute } from "../../test/admin-routes";
import { ADMIN, bearer, signIn } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

describe.each(TEST_DATABASES)("administrator sessions on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    await app.services.accounts.create(ADMIN.email, ADMIN.password);
  });
  afterAll(() => app.close());

  const login = (payload: unknown, ip = "10.0.0.1") =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: payload as object, remoteAddress: ip });

  it("signs in: auth token, HttpOnly SameSite=Strict cookie for 24 hours", async () => {
    const res = await login({ email: ` ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "Ok", message: expect.any(String) });
    expect(body.auth).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain(`admin_auth=${body.auth}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it.each([
    [{ email: ADMIN.email, password: "wrong-password" }],
    [{ email: "nobody@example.co.uk", password: ADMIN.password }],
    [{ email: ADMIN.email }],
    [{}],
    [{ email: 42, password: ["x"] }],
    [{ email: ADMIN.email, password: "" }],
    [{ email: "office\u0000@example.co.uk", password: ADMIN.password }],
    [{ email: ADMIN.email, password: `${ADMIN.password}\ud800` }],
    [{ email: "\udc00office@example.co.uk", password: "\u0000" }],
  ])("refuses %j with 400 'Invalid Login' and no cookie", async (payload) => {
    const res = await login(payload, "10.0.0.2");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message: "Invalid Login" });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers the profile with a Bearer token and with the cookie alone", async () => {
    const token = await signIn(app);
    const withBearer = await app.inject({ method: "GET", url: "/api/admin/profile", headers: bearer(token) });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json()).toEqual({ status: "Ok", data: { email: ADMIN.email, role: "owner" } });
    const withCookie = await app.inject({
      method: "GET",
      url: "/api/admin/profile",
      cookies: { admin_auth: token },
    });
    expect(withCookie.json()).toEqual({ status: "Ok", data: { email: ADMIN.email, role: "owner" } });
  });

  it("accepts cookie-authenticated writes from its own origin and refuses a foreign one", async () => {
    const token = await signIn(app);
    const payload = { title: "Free review", content: "Book now" };
    const own = await app.inject({
      method: "POST",
      url: "/api/admin/popup-message",
      cookies: { admin_auth: token },
      headers: { origin: app.config.siteUrl },
      payload,
    });
    expect(own.statusCode).toBe(201);
    const foreign = await app.inject({
      method: "POST",
      url: "/api/admin/popup-message",
      cookies: { admin_auth: token },
      headers: { origin: "https://evil.example" },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().status).toBe("Error");
    const list = await app.inject({ method: "GET", url: "/api/admin/popups", headers: bearer(token) });
    expect(list.json().data).toHaveLength(1);
  });

  it("logs out: the session is revoked and the cookie cleared", async () => {
    const token = await signIn(app);
    const res = await app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "Ok" });
    expect(String(res.headers["set-cookie"])).toMatch(/admin_auth=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const after = await app.inject({ method: "GET", url: "/api/admin/profile", headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  describe("every admin route refuses calls without a live session", () => {
    let revoked: string;
    let expired: string;
    beforeAll(async () => {
      revoked = await signIn(app);
      await app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer(revoked) });
      expired = await signIn(app);
      const live = await signIn(app);
      await app.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) });
      // The live one is only used to prove the update hit every session.
      const check = await app.inject({ method: "GET", url: "/api/admin/profile", headers: bearer(live) });
      expect(check.statusCode).toBe(401);
    });

    const cases = () => ({
      none: {},
      garbled: bearer("not-a-token"),
      "garbled right shape": bearer("A".repeat(43)),
      expired: bearer(expired),
      revoked: bearer(revoked),
      "expired cookie": { cookie: `admin_auth=${expired}` },
    });

    it("every registered /api/admin route but sign-in answers 401 without a live session", async () => {
      const routes = guardedAdminRoutes(app);
      // The guard is by prefix: the whole admin API is under it, not a list kept by hand.
      expect(routes.length).toBeGreaterThan(25);
      expect(app.adminRoutes.filter((r) => r.need === "signIn").map((r) => `${r.method} ${r.url}`)).toEqual([
        "POST /api/admin/login",
        "POST /api/admin/login/two-factor",
        "POST /api/admin/invites/:token",
        "POST /api/admin/login/passkey/options",
        "POST /api/admin/login/passkey",
        "POST /api/admin/login/two-factor/passkey/options",
        "POST /api/admin/login/two-factor/passkey",
      ]);
      for (const route of routes) {
        for (const [name, headers] of Object.entries(cases())) {
          const res = await tryRoute(app, route, headers);
          expect(res.statusCode, `${route.method} ${route.url} ${name}`).toBe(401);
          expect(res.json()).toEqual({ status: "Error", message: "Unauthorised" });
        }
      }
    });
  });
});

describe("login cookie over https", () => {
  it("is Secure when SITE_URL is https", async () => {
    const app = await buildTestApp("pglite", { SITE_URL: "https://www.example.co.uk" });
    await app.services.accounts.create(ADMIN.email, ADMIN.password);
    const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    expect(String(res.headers["set-cookie"])).toMatch(/; Secure/);
    await app.close();
  });
});
