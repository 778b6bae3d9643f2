import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/admin-messages";
import { ADMIN_PASSWORD_MIN, PASSWORD_CHANGE_ATTEMPTS } from "../../../common/staff/passwords";
import { bearer } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

const PASSWORD = "first-password-1";

describe.each(TEST_DATABASES)("change password on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.close());

  /** A fresh administrator per test: changing a password must not leak into the next test. */
  async function newAdmin() {
    const email = `staff-${randomUUID()}@example.co.uk`;
    await app.services.accounts.create(email, PASSWORD);
    return email;
  }
  const logIn = (email: string, password: string) =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
  const token = async (email: string, password = PASSWORD) => (await logIn(email, password)).json().auth;
  const change = (auth: string, payload: unknown, remoteAddress?: string) =>
    app.inject({
      method: "PUT",
      url: "/api/admin/password",
      headers: bearer(auth),
      payload: payload as object,
      remoteAddress,
    });
  const profileStatus = async (auth: string) =>
    (await app.inject({ method: "GET", url: "/api/admin/profile", headers: bearer(auth) })).statusCode;

  it("changes the password: the old one stops working, other sessions end, this one stays", async () => {
    const email = await newAdmin();
    const phone = await token(email);
    const desktop = await token(email);
    const res = await change(desktop, { currentPassword: PASSWORD, newPassword: "second-password-2" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "Ok" });
    expect((await logIn(email, PASSWORD)).statusCode).toBe(400);
    expect((await logIn(email, "second-password-2")).statusCode).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(desktop)).toBe(200);
  });

  it("leaves other administrators' sessions alone", async () => {
    const [mine, theirs] = [await newAdmin(), await newAdmin()];
    const other = await token(theirs);
    await change(await token(mine), { currentPassword: PASSWORD, newPassword: "another-password-3" });
    expect(await profileStatus(other)).toBe(200);
  });

  it.each([
    [
      "a wrong current password",
      { currentPassword: "not-it-at-all", newPassword: "second-password-2" },
      ACCOUNT_MESSAGES.currentWrong,
    ],
    ["no current password", { newPassword: "second-password-2" }, ACCOUNT_MESSAGES.currentMissing],
    [
      "a short new password",
      { currentPassword: PASSWORD, newPassword: "x".repeat(ADMIN_PASSWORD_MIN - 1) },
      ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN),
    ],
    [
      "a huge new password",
      { currentPassword: PASSWORD, newPassword: "x".repeat(5000) },
      ACCOUNT_MESSAGES.tooLong(1024),
    ],
    [
      "the same password again",
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      ACCOUNT_MESSAGES.sameAsCurrent,
    ],
    ["a body that is not an object", [1, 2], ACCOUNT_MESSAGES.currentMissing],
    [
      "a number for a password",
      { currentPassword: 12345678901, newPassword: 12345678901 },
      ACCOUNT_MESSAGES.currentMissing,
    ],
  ])("refuses %s with 400 and changes nothing", async (_case, payload, message) => {
    const email = await newAdmin();
    const other = await token(email);
    const res = await change(await token(email), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message });
    expect((await logIn(email, PASSWORD)).statusCode).toBe(200);
    expect(await profileStatus(other)).toBe(200);
  });

  it(`refuses with 429 after ${PASSWORD_CHANGE_ATTEMPTS} wrong current passwords from one client`, async () => {
    const email = await newAdmin();
    const auth = await token(email);
    const guess = { currentPassword: "a-wrong-guess", newPassword: "second-password-2" };
    const right = { currentPassword: PASSWORD, newPassword: "second-password-2" };
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS; i++)
      expect((await change(auth, guess, "198.51.100.7")).statusCode).toBe(400);
    // Counted before the password is checked: even the right one is refused now, and nothing changes.
    const limited = await change(auth, right, "198.51.100.7");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: "Error",
      message: expect.stringMatching(
        /^Too many wrong current passwords\. Please try again in \d+ minutes?\.$/,
      ),
    });
    expect((await logIn(email, PASSWORD)).statusCode).toBe(200);
    // Another client of the same account is counted on its own.
    expect((await change(auth, right, "198.51.100.8")).statusCode).toBe(200);
  });

  it("does not count a right current password against the limit", async () => {
    const email = await newAdmin();
    const auth = await token(email);
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS - 1; i++)
      await change(
        auth,
        { currentPassword: "a-wrong-guess", newPassword: "second-password-2" },
        "198.51.100.9",
      );
    const ok = await change(
      auth,
      { currentPassword: PASSWORD, newPassword: "second-password-2" },
      "198.51.100.9",
    );
    expect(ok.statusCode).toBe(200);
    const back = { currentPassword: "second-password-2", newPassword: PASSWORD };
    expect((await change(auth, back, "198.51.100.9")).statusCode).toBe(200);
  });

  it("answers 401 without a session and 403 for a cookie write from another site", async () => {
    const res = await app.inject({
      method: "PUT",
      url: "/api/admin/password",
      payload: { currentPassword: PASSWORD, newPassword: "second-password-2" },
    });
    expect(res.statusCode).toBe(401);
    const auth = await token(await newAdmin());
    const crossSite = await app.inject({
      method: "PUT",
      url: "/api/admin/password",
      headers: { cookie: `admin_auth=${auth}`, origin: "https://evil.example" },
      payload: { currentPassword: PASSWORD, newPassword: "second-password-2" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("the operator's reset (npm run admin -- reset-password) ends every session of the account", async () => {
    const email = await newAdmin();
    const [a, b] = [await token(email), await token(email)];
    await app.services.accounts.resetPassword(email, "operator-reset-4");
    expect(await profileStatus(a)).toBe(401);
    expect(await profileStatus(b)).toBe(401);
    expect((await logIn(email, "operator-reset-4")).statusCode).toBe(200);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operation = doc.paths["/api/admin/password"].put;
    expect(operation.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
  });
});
