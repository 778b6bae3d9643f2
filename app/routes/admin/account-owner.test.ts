import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { PASSKEY_MESSAGES } from "@common/staff/passkeys";
import { SUDO_MESSAGES } from "@common/staff/sudo";
import { TWO_FACTOR_MESSAGES } from "@common/staff/two-factor";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTwoFactor } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { RECOVERY_CODE_COUNT } from "../../../server/services/staff/two-factor";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import { expireSudo } from "../../../server/test/sudo";
import { SoftAuthenticator } from "../../../server/test/webauthn";
import { action as accountAction, loader as accountLoader } from "./account";

/**
 * 'Account' refuses what the REST API refuses (server/routes/staff/sudo-owner.test.ts), with the same
 * messages: setting up an authenticator needs the password (in its own form), a code from it is
 * no proof on this session, a passkey confirms, and a first passkey shows the recovery codes.
 */
const ACCOUNT = "http://localhost/admin/dashboard/account";
const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const PASSWORD = "account-owner-password";

const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

describe.each(TEST_DATABASES)("'Account' around the account's owner, on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  let made = 0;

  beforeAll(async () => {
    app = await buildTestApp(kind, { SITE_URL: SITE.origin });
    context = loadContext(app.services, { nonce: "", ip: "198.51.100.7" });
  });
  afterAll(() => app?.close());

  /** The screen's action and loader for a session (its token). */
  const as = (token: string) => {
    const cookie = `${ADMIN_AUTH_COOKIE}=${token}`;
    const args = (request: Request) => ({ request, context, params: {}, unstable_pattern: "" }) as never;
    return {
      token,
      act: (fields: Record<string, string>) =>
        accountAction(
          args(
            new Request(ACCOUNT, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) }),
          ),
        ),
      load: () => accountLoader(args(new Request(ACCOUNT, { headers: { cookie } }))),
    };
  };

  async function signedIn() {
    const email = `account-owner-${++made}@example.co.uk`;
    const { id } = await app.services.accounts.create(email, PASSWORD, "desk");
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email, password: PASSWORD },
    });
    return { id, email, ...as(login.json().auth as string) };
  }

  it("setting up an authenticator asks for the password in its form; its codes are no proof on this session", async () => {
    const session = await signedIn();
    expect(await session.load()).toMatchObject({ sudoFresh: false, sudoPasskey: false });
    const bare = await session.act({ intent: "two-factor-start" });
    expect(statusOf(bare)).toBe(403);
    expect(bodyOf(bare)).toEqual({
      ok: false,
      error: SUDO_MESSAGES.required,
      sudo: true,
      section: "two-factor",
    });
    expect(await app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, session.id))).toEqual(
      [],
    );
    const wrong = await session.act({ intent: "two-factor-start", password: "not-it" });
    expect(statusOf(wrong)).toBe(400);
    expect(bodyOf(wrong)).toMatchObject({ ok: false, error: SUDO_MESSAGES.wrong, section: "two-factor" });

    const started = bodyOf(await session.act({ intent: "two-factor-start", password: PASSWORD })) as {
      enrolment: { secret: string };
      section: string;
    };
    expect(started).toMatchObject({ ok: true, section: "two-factor" });
    expect(await session.load()).toMatchObject({ sudoFresh: true });
    const { secret } = started.enrolment;
    // The window passes before the code: the confirmation asks again, and nothing is turned on.
    await expireSudo(app, session.token);
    const late = await session.act({
      intent: "two-factor-confirm",
      code: TOTP.generate({ secret: Secret.fromBase32(secret) }),
    });
    expect(statusOf(late)).toBe(403);
    expect(bodyOf(late)).toMatchObject({ ok: false, sudo: true, error: SUDO_MESSAGES.required });
    await session.act({ intent: "sudo-confirm", password: PASSWORD });
    const on = await session.act({
      intent: "two-factor-confirm",
      code: TOTP.generate({ secret: Secret.fromBase32(secret) }),
    });
    expect(bodyOf(on)).toMatchObject({
      ok: true,
      message: TWO_FACTOR_MESSAGES.enabled,
      section: "two-factor",
    });
    expect((bodyOf(on) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    await expireSudo(app, session.token);
    const next = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
    const byCode = await session.act({ intent: "sudo-confirm", code: next });
    expect(statusOf(byCode)).toBe(400);
    expect(bodyOf(byCode)).toMatchObject({ ok: false, error: SUDO_MESSAGES.notThisSession });
    expect(bodyOf(await session.act({ intent: "two-factor-recovery" }))).toMatchObject({
      ok: false,
      sudo: true,
    });
  });

  it("a first passkey shows the recovery codes; a passkey from before the session confirms (user verified)", async () => {
    const first = await signedIn();
    await first.act({ intent: "sudo-confirm", password: PASSWORD });
    const authenticator = new SoftAuthenticator();
    const options = bodyOf(await first.act({ intent: "passkey-options" })) as {
      registration: { challenge: string };
    };
    const added = await first.act({
      intent: "passkey-register",
      name: "Phone",
      response: JSON.stringify(authenticator.register(options.registration, SITE)),
    });
    expect(bodyOf(added)).toMatchObject({ ok: true, message: PASSKEY_MESSAGES.addedWithCodes("Phone") });
    expect((bodyOf(added) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // The session that added it is not offered it.
    expect(await first.load()).toMatchObject({ sudoPasskey: false });
    expect(bodyOf(await first.act({ intent: "sudo-passkey-options" }))).toEqual({
      ok: false,
      error: SUDO_MESSAGES.noPasskey,
    });

    const signInOptions = (
      await app.inject({ method: "POST", url: "/api/admin/login/passkey/options" })
    ).json().data;
    const byPasskey = await app.inject({
      method: "POST",
      url: "/api/admin/login/passkey",
      payload: { response: authenticator.authenticate(signInOptions, SITE) },
    });
    const later = as(byPasskey.json().auth as string);
    expect(await later.load()).toMatchObject({ sudoPasskey: true, sudoFresh: false });
    const ask = async () =>
      (bodyOf(await later.act({ intent: "sudo-passkey-options" })) as { options: { challenge: string } })
        .options;
    const unverified = await later.act({
      intent: "sudo-passkey",
      response: JSON.stringify(authenticator.authenticate(await ask(), SITE, { userVerified: false })),
    });
    expect(statusOf(unverified)).toBe(400);
    expect(bodyOf(unverified)).toEqual({ ok: false, error: PASSKEY_MESSAGES.signInRefused });
    expect(bodyOf(await later.act({ intent: "passkey-options" }))).toMatchObject({ ok: false, sudo: true });
    const garbled = await later.act({ intent: "sudo-passkey", response: "{" });
    expect(bodyOf(garbled)).toEqual({ ok: false, error: PASSKEY_MESSAGES.failed });

    const confirmed = await later.act({
      intent: "sudo-passkey",
      response: JSON.stringify(authenticator.authenticate(await ask(), SITE)),
    });
    expect(bodyOf(confirmed)).toEqual({ ok: true, message: SUDO_MESSAGES.passkeyConfirmed });
    expect(bodyOf(await later.act({ intent: "passkey-options" }))).toMatchObject({ ok: true });
  });
});
