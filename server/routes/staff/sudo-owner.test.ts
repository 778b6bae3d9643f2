import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../../common/staff/passkeys";
import { SUDO_MESSAGES } from "../../../common/staff/sudo";
import { TWO_FACTOR_MESSAGES } from "../../../common/staff/two-factor";
import {
  adminRecoveryCodes,
  adminSessions,
  adminTwoFactor,
  auditEvents,
  securitySettings,
} from "../../db/schema";
import { SIGN_IN_LIMITS } from "../../services/staff/sign-ins";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_LIMITS } from "../../services/staff/two-factor";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { expireSudo } from "../../test/sudo";
import { requireTwoFactor } from "../../test/two-factor";
import { SoftAuthenticator } from "../../test/webauthn";

/**
 * No door around the account's owner (issue 45): a session alone does not set up an
 * authenticator, a proof set up on the session does not confirm it, a passkey confirms it (user
 * verified), a first passkey brings recovery codes, and every confirmation is on the record and
 * in the sign-in limits. The rest of sudo mode: sudo.test.ts.
 */
const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const PASSWORD = "owner-door-password-1";
const CLIENT = "203.0.113.45";

const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

describe.each(TEST_DATABASES)("sudo mode around the account's owner on %s", (kind) => {
  const api = signedInApp(kind, { SITE_URL: SITE.origin });
  let made = 0;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    api.app.inject({ method, url, headers: token ? bearer(token) : {}, payload, remoteAddress: CLIENT });
  const logIn = (email: string, password = PASSWORD) =>
    call("POST", "/api/admin/login", undefined, { email, password });
  const sudo = (token: string, proof: object) => call("POST", "/api/admin/sudo", token, proof);
  const refusedForSudo = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "Error", message: SUDO_MESSAGES.required });
  };

  /** A fresh account signed in with its password alone: a session that has confirmed nothing. */
  async function account(role: "owner" | "desk" = "desk") {
    const email = `owner-door-${++made}@example.co.uk`;
    const { id } = await api.app.services.accounts.create(email, PASSWORD, role);
    const token = (await logIn(email)).json().auth as string;
    return { email, id, token };
  }

  /** Two-factor sign-in on for the session's account (the password with the start): its secret and codes. */
  async function enrol(token: string) {
    const started = await call("POST", "/api/admin/two-factor/start", token, { password: PASSWORD });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json().data;
    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
  }

  /** A passkey registered on the session (it confirms its password first). */
  async function addPasskey(token: string, name = "Phone") {
    expect((await sudo(token, { password: PASSWORD })).statusCode).toBe(200);
    const authenticator = new SoftAuthenticator();
    const options = (await call("POST", "/api/admin/passkeys/options", token)).json().data;
    const added = await call("POST", "/api/admin/passkeys", token, {
      response: authenticator.register(options, SITE),
      name,
    });
    expect(added.statusCode, added.body).toBe(201);
    return { authenticator, added: added.json().data };
  }

  /** A new session of the account signed in with the passkey alone. */
  async function signInWith(authenticator: SoftAuthenticator) {
    const options = (await call("POST", "/api/admin/login/passkey/options")).json().data;
    const res = await call("POST", "/api/admin/login/passkey", undefined, {
      response: authenticator.authenticate(options, SITE),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().auth as string;
  }

  const sudoOptions = async (token: string) => call("POST", "/api/admin/sudo/passkey/options", token);
  const sudoWithPasskey = (token: string, response: object) =>
    call("POST", "/api/admin/sudo/passkey", token, { response });

  /** The account's entries of `actions`, oldest first: [action, label, address]. */
  const recorded = async (adminId: string, ...actions: string[]) =>
    (await api.app.db.select().from(auditEvents).where(eq(auditEvents.actorId, adminId)))
      .filter((row) => actions.includes(row.action))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((row) => [row.action, row.targetLabel, row.ip]);

  const sessionsOf = async (adminId: string) =>
    (await api.app.db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId))).length;

  it("a session alone does not start or confirm an authenticator: 403, nothing stored, no session ended, no codes", async () => {
    const { id, email, token } = await account();
    const owners = (await logIn(email)).json().auth as string; // the owner's other device
    refusedForSudo(await call("POST", "/api/admin/two-factor/start", token));
    refusedForSudo(await call("POST", "/api/admin/two-factor/start", token, {}));
    expect(await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id))).toEqual([]);

    // Started while confirmed, then the window passes: the confirmation is refused as well.
    expect((await sudo(token, { password: PASSWORD })).statusCode).toBe(200);
    const { secret } = (await call("POST", "/api/admin/two-factor/start", token)).json().data;
    await expireSudo(api.app, token);
    refusedForSudo(await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) }));
    const [pending] = await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));
    expect(pending).toMatchObject({ enabledAt: null, lastStep: null }); // the code not even spent
    expect(
      await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id)),
    ).toEqual([]);
    expect((await call("GET", "/api/admin/profile", owners)).statusCode).toBe(200);
    expect(await sessionsOf(id)).toBe(2);
    expect((await logIn(email)).json().auth).toEqual(expect.any(String)); // still the password alone
    expect(await recorded(id, "two_factor_enabled", "sessions_ended")).toEqual([]);

    // A wrong password in the start's body is refused like sudo mode's, and starts nothing new.
    const wrong = await call("POST", "/api/admin/two-factor/start", token, { password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SUDO_MESSAGES.wrong);
    const [still] = await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));
    expect(still.secret).toBe(pending.secret);
  });

  it("an account taken to enrolment confirms its password once, with the start, and enrols", async () => {
    const { id, token } = await account();
    await requireTwoFactor(api.app);
    try {
      refusedForSudo(await call("POST", "/api/admin/two-factor/start", token));
      const started = await call("POST", "/api/admin/two-factor/start", token, { password: PASSWORD });
      expect(started.statusCode).toBe(200);
      const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, {
        code: codeFor(started.json().data.secret),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect((await call("GET", "/api/admin/enquiries", token)).statusCode).toBe(200);
      // Asked once: one confirmation on the record, with the address.
      expect(await recorded(id, "sudo_confirmed", "sudo_failed")).toEqual([
        ["sudo_confirmed", SUDO_MESSAGES.audit.password, CLIENT],
      ]);
    } finally {
      // The other tests' accounts are not held back.
      await api.app.db.update(securitySettings).set({ requireTwoFactor: false });
    }
  });

  it("a code from an authenticator set up on this session does not confirm it; a session signed in since may use one", async () => {
    const { id, email, token } = await account();
    const { secret, recoveryCodes } = await enrol(token);
    await expireSudo(api.app, token);
    const [before] = await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));

    const refused = await sudo(token, { code: codeFor(secret, 30_000) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SUDO_MESSAGES.notThisSession);
    // Nothing opened: the guarded changes still ask, and the code was not spent.
    refusedForSudo(await call("POST", "/api/admin/two-factor/recovery-codes", token));
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", token));
    const [after] = await api.app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));
    expect(after.lastStep).toBe(before.lastStep);
    // With the password as well, the password confirms.
    expect((await sudo(token, { code: codeFor(secret, 30_000), password: PASSWORD })).statusCode).toBe(200);

    // A session signed in with password and a recovery code, after it was turned on: its code counts.
    const pending = (await logIn(email)).json().pending as string;
    const later = (
      await call("POST", "/api/admin/login/two-factor", undefined, { pending, code: recoveryCodes[0] })
    ).json().auth as string;
    expect((await sudo(later, { code: codeFor(secret, 30_000) })).statusCode).toBe(200);
    expect(await recorded(id, "sudo_confirmed", "sudo_failed")).toEqual([
      ["sudo_confirmed", SUDO_MESSAGES.audit.password, CLIENT], // the start's password
      ["sudo_failed", SUDO_MESSAGES.audit.code, CLIENT],
      ["sudo_confirmed", SUDO_MESSAGES.audit.password, CLIENT],
      ["sudo_confirmed", SUDO_MESSAGES.audit.code, CLIENT],
    ]);
  });

  it("a passkey confirms sudo mode with its user verified; without, or added on this session, it does not", async () => {
    const { id, token } = await account();
    const { authenticator } = await addPasskey(token);
    await expireSudo(api.app, token);
    // On the session that added it: no passkey to offer, and an answer anyway is refused.
    const none = await sudoOptions(token);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SUDO_MESSAGES.noPasskey);

    const later = await signInWith(authenticator);
    refusedForSudo(await call("POST", "/api/admin/two-factor/recovery-codes", later));
    const options = (await sudoOptions(later)).json().data;
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const notVerified = await sudoWithPasskey(
      later,
      authenticator.authenticate(options, SITE, { userVerified: false }),
    );
    expect(notVerified.statusCode).toBe(400);
    expect(notVerified.json().message).toBe(PASSKEY_MESSAGES.signInRefused);
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", later));

    // The challenge was used by that refusal: a new one, user verified, confirms.
    const again = (await sudoOptions(later)).json().data;
    // Another session of the account cannot answer this session's challenge.
    const elsewhere = await sudoWithPasskey(token, authenticator.authenticate(again, SITE));
    expect(elsewhere.statusCode).toBe(400);
    const fresh = (await sudoOptions(later)).json().data;
    const confirmed = await sudoWithPasskey(later, authenticator.authenticate(fresh, SITE));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call("POST", "/api/admin/passkeys/options", later)).statusCode).toBe(200);
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", token)); // the other session has not

    // A passkey added on `later` now does not confirm `later`.
    await expireSudo(api.app, later);
    const second = new SoftAuthenticator();
    await sudo(later, { password: PASSWORD });
    const registration = (await call("POST", "/api/admin/passkeys/options", later)).json().data;
    await call("POST", "/api/admin/passkeys", later, { response: second.register(registration, SITE) });
    await expireSudo(api.app, later);
    const offered = (await sudoOptions(later)).json().data;
    expect(offered.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const bySecond = await sudoWithPasskey(later, second.authenticate(offered, SITE));
    expect(bySecond.statusCode).toBe(400);
    expect(bySecond.json().message).toBe(SUDO_MESSAGES.notThisSession);
    refusedForSudo(await call("POST", "/api/admin/passkeys/options", later));

    expect(
      (await recorded(id, "sudo_confirmed", "sudo_failed")).filter(([, label]) => label === "Passkey"),
    ).toEqual([
      ["sudo_failed", SUDO_MESSAGES.audit.passkey, CLIENT],
      ["sudo_failed", SUDO_MESSAGES.audit.passkey, CLIENT],
      ["sudo_confirmed", SUDO_MESSAGES.audit.passkey, CLIENT],
      ["sudo_failed", SUDO_MESSAGES.audit.passkey, CLIENT],
    ]);
  });

  it("a first passkey brings ten recovery codes (no authenticator app); they sign in instead of it; the last one removed takes them", async () => {
    const { id, email, token } = await account();
    const { added } = await addPasskey(token, "Laptop");
    expect(added.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const codes = added.recoveryCodes as string[];
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const stored = JSON.stringify(
      await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id)),
    );
    for (const code of codes) expect(stored).not.toContain(code.replaceAll("-", ""));
    expect((await call("GET", "/api/admin/two-factor", token)).json().data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    const { added: another } = await addPasskey(token, "Key");
    expect(another.recoveryCodes).toBeUndefined();

    // The password step offers a recovery code instead of the passkey; one signs in, once.
    const first = (await logIn(email)).json();
    expect(first).toMatchObject({ twoFactorRequired: true, methods: ["passkey", "recovery"] });
    const used = await call("POST", "/api/admin/login/two-factor", undefined, {
      pending: first.pending,
      code: codes[0],
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await call("POST", "/api/admin/login/two-factor", undefined, {
      pending: (await logIn(email)).json().pending,
      code: codes[0],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.codeWrong);

    // New ones, in sudo mode, for a passkey-only account too.
    const fresh = await call("POST", "/api/admin/two-factor/recovery-codes", token);
    expect(fresh.statusCode).toBe(200);

    // Both passkeys removed: no second step left, and the codes go with them.
    for (const passkey of (await call("GET", "/api/admin/passkeys", token)).json().data)
      expect((await call("DELETE", `/api/admin/passkeys/${passkey.id}`, token)).statusCode).toBe(200);
    expect(
      await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id)),
    ).toEqual([]);
    expect((await logIn(email)).json().auth).toEqual(expect.any(String));
  });

  it("an account with an authenticator app keeps its codes when it adds a first passkey; turning the app off keeps them for the passkey", async () => {
    const { id, token } = await account();
    const { recoveryCodes } = await enrol(token);
    const stored = async () =>
      (await api.app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id)))
        .map((row) => row.codeHash)
        .sort();
    const before = await stored();
    const { added } = await addPasskey(token);
    expect(added.recoveryCodes).toBeUndefined();
    expect(await stored()).toEqual(before);
    expect((await call("POST", "/api/admin/two-factor/disable", token, {})).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it("records each confirmation and refusal with the client's address and the way tried", async () => {
    const { id, token } = await account();
    expect((await sudo(token, { password: "wrong-one" })).statusCode).toBe(400);
    expect((await sudo(token, { code: "123456" })).statusCode).toBe(400); // no authenticator: wrong
    expect((await sudo(token, { password: PASSWORD })).statusCode).toBe(200);
    expect(await recorded(id, "sudo_confirmed", "sudo_failed")).toEqual([
      ["sudo_failed", SUDO_MESSAGES.audit.password, CLIENT],
      ["sudo_failed", SUDO_MESSAGES.audit.code, CLIENT],
      ["sudo_confirmed", SUDO_MESSAGES.audit.password, CLIENT],
    ]);
    // The Owner reads them in the audit log.
    const [entry] = (
      await api.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorId, id), eq(auditEvents.action, "sudo_failed")))
    ).sort((a, b) => a.at.getTime() - b.at.getTime());
    const listed = await call("GET", "/api/admin/audit?action=sudo_failed", api.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().events.map((e: { id: string }) => e.id)).toContain(entry.id);
  });

  it(`refused passkeys and wrong passwords at sudo mode spend one sign-in budget: ${SIGN_IN_LIMITS.clientAccount}, then 429 at sign-in too`, async () => {
    const { email, token } = await account();
    const { authenticator } = await addPasskey(token);
    const later = await signInWith(authenticator);
    const half = SIGN_IN_LIMITS.clientAccount / 2;
    for (let i = 0; i < half; i++) {
      const options = (await sudoOptions(later)).json().data;
      const res = await sudoWithPasskey(
        later,
        authenticator.authenticate(options, SITE, { userVerified: false }),
      );
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < SIGN_IN_LIMITS.clientAccount - half; i++)
      expect((await sudo(later, { password: `wrong-${i}` })).statusCode).toBe(400);
    const options = (await sudoOptions(later)).json().data;
    const limited = await sudoWithPasskey(later, authenticator.authenticate(options, SITE));
    expect(limited.statusCode).toBe(429);
    const login = await logIn(email);
    expect(login.statusCode).toBe(429);
    expect(login.json().message).toMatch(/^Too many failed login attempts/);
  });

  it(`wrong codes at sudo mode spend the code step's budget: ${TWO_FACTOR_LIMITS.clientAccount}, then 429 at sign-in's code step too`, async () => {
    const { email, token } = await account();
    const { secret } = await enrol(token);
    const pending = (await logIn(email)).json().pending as string;
    const later = (
      await call("POST", "/api/admin/login/two-factor", undefined, { pending, code: codeFor(secret, 30_000) })
    ).json().auth as string;
    const wrong = codeFor(secret) === "000000" ? "111111" : "000000";
    for (let i = 0; i < TWO_FACTOR_LIMITS.clientAccount; i++)
      expect((await sudo(later, { code: wrong })).statusCode).toBe(400);
    expect((await sudo(later, { code: wrong })).statusCode).toBe(429);
    const step = await call("POST", "/api/admin/login/two-factor", undefined, {
      pending: (await logIn(email)).json().pending,
      code: wrong,
    });
    expect(step.statusCode).toBe(429);
  });
});
