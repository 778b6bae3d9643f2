import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { AUDIT_MESSAGES } from "../../../common/audit";
import { SUDO_MESSAGES } from "../../../common/staff/sudo";
import { adminPasskeys, adminRecoveryCodes, adminTwoFactor, auditEvents } from "../../db/schema";
import { SIGN_IN_LIMITS } from "../../services/staff/sign-ins";
import { RECOVERY_CODE_COUNT } from "../../services/staff/two-factor";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { expireSudo } from "../../test/sudo";
import { SoftAuthenticator } from "../../test/webauthn";

const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const PASSWORD = "sudo-mode-password-1";

const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

describe.each(TEST_DATABASES)("sudo mode on %s", (kind) => {
  const api = signedInApp(kind, { SITE_URL: SITE.origin });
  let made = 0;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    api.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const logIn = (email: string) =>
    api.app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password: PASSWORD } });
  const sudo = (token: string, proof: object) => call("POST", "/api/admin/sudo", token, proof);

  /** A fresh account of `role` signed in with its password alone: no confirmation yet. */
  async function account(role: "owner" | "desk" | "editor" = "desk") {
    const email = `sudo-${++made}@example.co.uk`;
    const { id } = await api.app.services.accounts.create(email, PASSWORD, role);
    const token = (await logIn(email)).json().auth as string;
    return { email, id, token };
  }

  /**
   * Two-factor sign-in on for the account (sudo mode: the password with the start, then the code):
   * its secret. The confirmation is moved past its window after, so each test asks again.
   */
  async function enrol(token: string) {
    const started = await call("POST", "/api/admin/two-factor/start", token, { password: PASSWORD });
    const { secret } = started.json().data;
    const code = codeFor(secret);
    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code });
    expect(confirmed.statusCode).toBe(200);
    await expireSudo(api.app, token);
    return { secret, code, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
  }

  /** The account's audit entries, oldest first: [action, target label]. */
  const audited = async (email: string) =>
    (await api.app.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email)))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((row) => [row.action, row.targetLabel]);

  const refusedForSudo = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "Error", message: SUDO_MESSAGES.required });
  };

  it("confirms with the password (wrong and missing refused), on that session only", async () => {
    const { email, token } = await account();
    const other = (await logIn(email)).json().auth as string;
    const missing = await sudo(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SUDO_MESSAGES.missing);
    const wrong = await sudo(token, { password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SUDO_MESSAGES.wrong);
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", token));

    expect((await sudo(token, { password: PASSWORD })).statusCode).toBe(200);
    expect((await call("POST", "/api/admin/passkeys/options", token)).statusCode).toBe(200);
    // Another session of the same account has not confirmed.
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", other));
    expect((await call("POST", "/api/admin/sudo", undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it("a current authentication code confirms too (on a session signed in since it was on); a used or wrong one does not", async () => {
    const { email, token } = await account();
    const { secret, code, recoveryCodes } = await enrol(token);
    // A later session (the enrolling one's own codes are no proof on it: sudo-enrolment.test.ts),
    // signed in with a recovery code so that no time-step is spent.
    const pending = (await logIn(email)).json().pending as string;
    const later = (
      await call("POST", "/api/admin/login/two-factor", undefined, { pending, code: recoveryCodes[0] })
    ).json().auth as string;
    // The code that confirmed enrolment is used (that code itself: a code made now would be the
    // next 30 s step's, not used yet, whenever enrolment fell at the end of a step).
    const replayed = await sudo(later, { code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(SUDO_MESSAGES.wrong);
    expect((await sudo(later, { code: codeFor(secret, 30_000) })).statusCode).toBe(200);
    expect((await call("POST", "/api/admin/two-factor/recovery-codes", later)).statusCode).toBe(200);
  });

  it(`counts wrong passwords as sign-in does: 429 after ${SIGN_IN_LIMITS.clientAccount}, sign-in too`, async () => {
    const { email, token } = await account();
    for (let i = 0; i < SIGN_IN_LIMITS.clientAccount; i++)
      expect((await sudo(token, { password: `wrong-${i}` })).statusCode).toBe(400);
    const limited = await sudo(token, { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed login attempts/);
    // One budget with sign-in's password check.
    const login = await logIn(email);
    expect(login.statusCode).toBe(429);
    expect(login.json().message).toMatch(/^Too many failed login attempts/);
  });

  it("adding and removing a passkey: refused without, allowed after, refused again once it expires", async () => {
    const { id, email, token } = await account();
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", token));
    await sudo(token, { password: PASSWORD });
    const options = (await call("POST", "/api/admin/passkeys/options", token)).json().data;
    const added = await call("POST", "/api/admin/passkeys", token, {
      response: new SoftAuthenticator().register(options, SITE),
      name: "Phone",
    });
    expect(added.statusCode).toBe(201);
    const passkeyId = added.json().data.id as string;

    await expireSudo(api.app, token);
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", token));
    refusedForSudo(await call("DELETE", `/api/admin/passkeys/${passkeyId}`, token));
    expect(await api.app.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, id))).toHaveLength(
      1,
    );

    await sudo(token, { password: PASSWORD });
    expect((await call("DELETE", `/api/admin/passkeys/${passkeyId}`, token)).statusCode).toBe(200);
    expect(await audited(email)).toEqual(
      expect.arrayContaining([
        ["passkey_added", "Phone"],
        ["passkey_removed", "Phone"],
      ]),
    );
  });

  it("new recovery codes: refused without (the old ones kept), allowed after, and recorded", async () => {
    const { id, email, token } = await account();
    const { recoveryCodes } = await enrol(token);
    const stored = async () =>
      (await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id)))
        .map((row) => row.codeHash)
        .sort();
    const before = await stored();
    refusedForSudo(await call("POST", "/api/admin/two-factor/recovery-codes", token));
    expect(await stored()).toEqual(before);

    await sudo(token, { password: PASSWORD });
    const fresh = await call("POST", "/api/admin/two-factor/recovery-codes", token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.json().data.recoveryCodes).not.toEqual(recoveryCodes);
    expect(await stored()).not.toEqual(before);
    expect((await audited(email)).map(([action]) => action)).toContain("recovery_codes_replaced");

    await expireSudo(api.app, token);
    refusedForSudo(await call("POST", "/api/admin/two-factor/recovery-codes", token));
  });

  it("turning two-factor off: refused without (still on), allowed after; the password with it confirms there and then", async () => {
    const { id, email, token } = await account();
    await enrol(token);
    refusedForSudo(await call("POST", "/api/admin/two-factor/disable", token, {}));
    expect(await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id))).toHaveLength(
      1,
    );
    await sudo(token, { password: PASSWORD });
    expect((await call("POST", "/api/admin/two-factor/disable", token, {})).statusCode).toBe(200);
    expect(await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id))).toEqual([]);

    // Once it has expired, the password given with the request does as well (a wrong one does not).
    await enrol(token);
    await expireSudo(api.app, token);
    const wrong = await call("POST", "/api/admin/two-factor/disable", token, { password: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SUDO_MESSAGES.wrong);
    expect(
      (await call("POST", "/api/admin/two-factor/disable", token, { password: PASSWORD })).statusCode,
    ).toBe(200);
    const actions = (await audited(email)).map(([action]) => action);
    expect(actions.filter((action) => action === "two_factor_disabled")).toHaveLength(2);
  });

  it("the security setting: refused without (unchanged), allowed after; its entries say on and off", async () => {
    const { email, token } = await account("owner");
    await enrol(token); // an Owner with two-factor sign-in, so the requirement holds no one back here
    refusedForSudo(await call("PUT", "/api/admin/security", token, { requireTwoFactor: true }));
    expect(await api.app.services.twoFactor.settings()).toEqual({ requireTwoFactor: false });

    await sudo(token, { password: PASSWORD });
    expect((await call("PUT", "/api/admin/security", token, { requireTwoFactor: true })).statusCode).toBe(
      200,
    );
    expect((await call("PUT", "/api/admin/security", token, { requireTwoFactor: false })).statusCode).toBe(
      200,
    );
    const entries = (await audited(email)).filter(([action]) => action === "two_factor_required_changed");
    expect(entries).toEqual([
      ["two_factor_required_changed", AUDIT_MESSAGES.requirementOn],
      ["two_factor_required_changed", AUDIT_MESSAGES.requirementOff],
    ]);
    expect(AUDIT_MESSAGES.requirementOn).toMatch(/\bon\b/);
    expect(AUDIT_MESSAGES.requirementOff).toMatch(/\boff\b/);

    await expireSudo(api.app, token);
    refusedForSudo(await call("PUT", "/api/admin/security", token, { requireTwoFactor: true }));
    expect(await api.app.services.twoFactor.settings()).toEqual({ requireTwoFactor: false });
  });

  it("turning two-factor on ends the account's other sessions, not this one, and shows the codes", async () => {
    const { email, token } = await account();
    const other = (await logIn(email)).json().auth as string;
    const stranger = await account();
    expect((await call("GET", "/api/admin/profile", other)).statusCode).toBe(200);

    const { recoveryCodes } = await enrol(token);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call("GET", "/api/admin/profile", other)).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/profile", token)).statusCode).toBe(200);
    // Another account's session is not touched.
    expect((await call("GET", "/api/admin/profile", stranger.token)).statusCode).toBe(200);
    expect(await audited(email)).toEqual(
      expect.arrayContaining([["sessions_ended", AUDIT_MESSAGES.otherSessions(1)]]),
    );
  });
});
