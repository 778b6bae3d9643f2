import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { SUDO_MESSAGES } from "../../../common/staff/sudo";
import { TWO_FACTOR_MESSAGES } from "../../../common/staff/two-factor";
import { adminRecoveryCodes, adminTwoFactor, auditEvents } from "../../db/schema";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_LIMITS } from "../../services/staff/two-factor";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { confirmSudo, expireSudo } from "../../test/sudo";

const PASSWORD = "two-factor-password-1";

/** The app's code for `secret` at `offsetMs` from now (otpauth, as an authenticator app computes it). */
const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

describe.each(TEST_DATABASES)("two-factor sign-in on %s", (kind) => {
  const api = signedInApp(kind);
  let made = 0;

  const call = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(token), payload });
  const logIn = (email: string, password = PASSWORD) =>
    api.app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
  const second = (pending: string, code: string) =>
    api.app.inject({ method: "POST", url: "/api/admin/login/two-factor", payload: { pending, code } });

  /** A fresh account of `role`, signed in with its password alone (before two-factor sign-in). */
  async function account(role: "owner" | "desk" | "editor" = "desk") {
    const email = `two-factor-${++made}@example.co.uk`;
    const { id } = await api.app.services.accounts.create(email, PASSWORD, role);
    const token = (await logIn(email)).json().auth as string;
    return { email, id, token };
  }

  /** The audit log's actions for the account, oldest first. */
  const audited = async (email: string) =>
    (
      await api.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorEmail, email)))
    )
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((row) => row.action);

  /**
   * Turns it on for the account (sudo mode: the password with the start, sudo.test.ts): the secret
   * and the recovery codes. The confirmation is then moved past its window, so each test asks
   * for sudo mode again where it needs it.
   */
  async function enrol(token: string) {
    const started = await call("POST", "/api/admin/two-factor/start", token, { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data;
    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    await expireSudo(api.app, token);
    return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
  }

  it("enrols: a QR code as inline SVG and the key; a wrong code changes nothing; ten recovery codes stored hashed", async () => {
    const { id, email, token } = await account();
    const started = await call("POST", "/api/admin/two-factor/start", token, { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    const { secret, uri, svg } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // no third-party request

    const wrongCode = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await call("POST", "/api/admin/two-factor/confirm", token, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    expect((await call("GET", "/api/admin/two-factor", token)).json().data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      enrolmentDue: false,
    });
    expect((await logIn(email)).json().auth).toEqual(expect.any(String)); // still password alone

    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().data.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const stored = await api.app.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const storedText = JSON.stringify(stored);
    for (const code of codes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replaceAll("-", ""));
    }
    expect((await call("GET", "/api/admin/two-factor", token)).json().data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    // Starting again while it is on is refused.
    expect((await call("POST", "/api/admin/two-factor/start", token)).statusCode).toBe(400);
  });

  it("asks for the code after the password (no token, no cookie), signs in with it and refuses it replayed", async () => {
    const { email, token } = await account();
    const { secret } = await enrol(token);

    const first = await logIn(email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ status: "Ok", twoFactorRequired: true, pending: expect.any(String) });
    expect(body.auth).toBeUndefined();
    expect(first.headers["set-cookie"]).toBeUndefined();

    // The code of the next time-step (the current one was used to confirm).
    const code = codeFor(secret, 30_000);
    const done = await second(body.pending, code);
    expect(done.statusCode).toBe(200);
    const auth = done.json().auth;
    expect(String(done.headers["set-cookie"])).toContain("admin_auth=");
    expect((await call("GET", "/api/admin/profile", auth)).json().data.email).toBe(email);

    // The pending sign-in is used once.
    const reused = await second(body.pending, codeFor(secret, 30_000));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.pendingExpired);

    // The same code again, on a new pending sign-in: a replay.
    const again = await logIn(email);
    const replayed = await second(again.json().pending, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(TWO_FACTOR_MESSAGES.codeReplayed);
    // An older code is refused too.
    const older = await second(again.json().pending, codeFor(secret));
    expect(older.statusCode).toBe(400);
    // A garbled pending sign-in is no sign-in.
    expect((await second("not-a-pending-sign-in", code)).statusCode).toBe(400);
  });

  it("a recovery code signs in once; used again, it is refused", async () => {
    const { id, email, token } = await account();
    const { recoveryCodes } = await enrol(token);
    const [code] = recoveryCodes;
    const used = await second((await logIn(email)).json().pending, code.toLowerCase());
    expect(used.statusCode).toBe(200);
    expect(used.json().auth).toEqual(expect.any(String));
    const again = await second((await logIn(email)).json().pending, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    expect(await audited(email)).toEqual(
      expect.arrayContaining(["two_factor_enabled", "recovery_code_used", "sign_in_failed_two_factor"]),
    );
    const left = await call("GET", "/api/admin/two-factor", token);
    expect(left.json().data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    // New codes (sudo mode: the password again first): the old ones stop working.
    await confirmSudo(api.app, token, PASSWORD);
    const fresh = await call("POST", "/api/admin/two-factor/recovery-codes", token);
    expect(fresh.statusCode).toBe(200);
    const old = await second((await logIn(email)).json().pending, recoveryCodes[1]);
    expect(old.statusCode).toBe(400);
    const rows = await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    expect(rows.filter((r) => !r.usedAt)).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it(`limits wrong codes like passwords: 429 after ${TWO_FACTOR_LIMITS.clientAccount}`, async () => {
    const { email, token } = await account();
    const { secret } = await enrol(token);
    const { pending } = (await logIn(email)).json();
    for (let i = 0; i < TWO_FACTOR_LIMITS.clientAccount; i++) {
      const res = await second(pending, "000000" === codeFor(secret) ? "111111" : "000000");
      expect(res.statusCode).toBe(400);
    }
    const limited = await second(pending, codeFor(secret, 30_000));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many wrong codes/);
  });

  it("turns off with the password (a wrong one refused); then the password alone signs in again", async () => {
    const { id, email, token } = await account();
    await enrol(token);
    const wrong = await call("POST", "/api/admin/two-factor/disable", token, {
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SUDO_MESSAGES.wrong);
    // Neither given, and no password confirmed lately (sudo mode): refused.
    const bare = await call("POST", "/api/admin/two-factor/disable", token, {});
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe(SUDO_MESSAGES.required);
    const off = await call("POST", "/api/admin/two-factor/disable", token, { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id))).toEqual([]);
    expect((await logIn(email)).json().auth).toEqual(expect.any(String));
    expect(await audited(email)).toContain("two_factor_disabled");
  });

  it("an Owner's requirement: an unenrolled account gets 403 from admin routes but may enrol, read itself and sign out", async () => {
    const owner = await account("owner");
    const { secret: ownerSecret } = await enrol(owner.token);
    const desk = await account("desk");
    // Only the 'security' permission (Owners) changes it.
    const byDesk = await call("PUT", "/api/admin/security", desk.token, { requireTwoFactor: true });
    expect(byDesk.statusCode).toBe(403);
    await confirmSudo(api.app, owner.token, PASSWORD); // sudo mode (sudo.test.ts)
    const on = await call("PUT", "/api/admin/security", owner.token, { requireTwoFactor: true });
    expect(on.statusCode).toBe(200);
    expect(await audited(owner.email)).toContain("two_factor_required_changed");
    expect((await call("GET", "/api/admin/security", owner.token)).json().data).toEqual({
      requireTwoFactor: true,
    });

    const refused = await call("GET", "/api/admin/enquiries", desk.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: "Error", message: TWO_FACTOR_MESSAGES.enrolmentDue });
    expect((await call("GET", "/api/admin/profile", desk.token)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/two-factor", desk.token)).json().data.enrolmentDue).toBe(true);
    // The enrolled Owner goes on as before.
    expect((await call("GET", "/api/admin/enquiries", owner.token)).statusCode).toBe(200);

    // The colleague taken to enrolment sees its recovery codes too, in the answer.
    const { recoveryCodes } = await enrol(desk.token);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call("GET", "/api/admin/enquiries", desk.token)).statusCode).toBe(200);

    // Back off (an enrolled Owner), so the other tests' accounts are not held back.
    void ownerSecret;
    const off = await call("PUT", "/api/admin/security", owner.token, { requireTwoFactor: false });
    expect(off.statusCode).toBe(200);
    const later = await account("editor");
    expect((await call("GET", "/api/admin/blog", later.token)).statusCode).toBe(200);
  });
});
