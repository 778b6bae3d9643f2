import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { COMPANY } from "../../../common/company";
import { type SecurityChange, securityMailTime } from "../../../common/staff/security-mail";
import { mailOutbox } from "../../db/schema";
import { bearer } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { startSmtp } from "../../test/smtp";
import { confirmSudo, expireSudo } from "../../test/sudo";
import { SoftAuthenticator } from "../../test/webauthn";

const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const ADDRESS = "203.0.113.7";
const PASSWORD = "security-mail-password-1";
const ACCOUNT_URL = `${SITE.origin}/admin/dashboard/account`;

/** The subject line each change's mail starts with (common/staff/security-mail.ts). */
const SUBJECTS: Record<SecurityChange, string> = {
  "two-factor-on": "Two-factor sign-in turned on",
  "two-factor-off": "Two-factor sign-in turned off",
  "two-factor-reset": "Two-factor sign-in removed by an operator",
  "passkey-added": "Passkey added",
  "passkey-removed": "Passkey removed",
  "recovery-codes": "New recovery codes made",
  "password-changed": "Password changed",
  "password-reset": "Password reset by an operator",
  "requirement-on": "Two-factor sign-in now required",
  "requirement-off": "Two-factor sign-in no longer required",
};

const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

describe.each(TEST_DATABASES)("the security mail on %s", (kind) => {
  const api = signedInApp(kind, { SITE_URL: SITE.origin });
  let made = 0;

  /** A request from Firefox on Linux at ADDRESS, as the account's browser. */
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    api.app.inject({
      method,
      url,
      remoteAddress: ADDRESS,
      headers: { ...(token ? bearer(token) : {}), "user-agent": FIREFOX },
      payload,
    });

  /** A fresh account of `role`, signed in with its password, with sudo mode confirmed on the session. */
  async function account(role: "owner" | "desk" | "editor" = "desk") {
    const email = `security-mail-${++made}@example.co.uk`;
    const { id } = await api.app.services.accounts.create(email, PASSWORD, role);
    const login = await call("POST", "/api/admin/login", undefined, { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const token = login.json().auth as string;
    await confirmSudo(api.app, token, PASSWORD);
    return { email, id, token };
  }

  /** The security mails queued for `email`, oldest first. */
  const mails = async (email: string) =>
    (await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security")))
      .filter((row) => row.message?.to === email)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  /**
   * Runs `change` and checks it queued exactly one security mail to `email`: its subject names
   * `expected`, its text the account, the time (UK time, to the minute), the browser, the
   * address and the account page's link, and none of `secrets`.
   */
  async function expectOneMail(
    email: string,
    expected: SecurityChange,
    change: () => Promise<{ statusCode: number; body: string } | undefined>,
    secrets: () => string[] = () => [],
  ) {
    const before = (await mails(email)).length;
    const start = new Date();
    const res = await change();
    const end = new Date();
    if (res) expect(res.statusCode, res.body).toBeLessThan(300);
    const queued = await mails(email);
    expect(queued).toHaveLength(before + 1);
    const { message, state } = queued[queued.length - 1];
    expect(state).toBe("pending");
    expect(message?.subject).toBe(`${SUBJECTS[expected]} on your ${COMPANY.name} admin account`);
    const text = message?.text ?? "";
    expect(text).toContain(`Account: ${email}`);
    expect([securityMailTime(start), securityMailTime(end)]).toContain(/When: (.+)/.exec(text)?.[1]);
    expect(text).toMatch(/If it was not you|If you did not ask for this/);
    for (const secret of [PASSWORD, ...secrets()]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text).not.toContain(secret);
      expect(message?.subject).not.toContain(secret);
    }
    return { text, res };
  }
  const fromTheBrowser = (text: string) => {
    expect(text).toContain("Browser: Firefox on Linux");
    expect(text).toContain(`Address: ${ADDRESS}`);
    expect(text).toContain(ACCOUNT_URL);
  };

  /** Turns two-factor sign-in on for the account; the secret and the recovery codes. */
  async function enrol(token: string) {
    const started = await call("POST", "/api/admin/two-factor/start", token);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data as { secret: string };
    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) });
    return { secret, confirmed, recoveryCodes: (confirmed.json().data?.recoveryCodes ?? []) as string[] };
  }

  it("two-factor sign-in turned on, new recovery codes and turned off: one mail each, without the secret or a code", async () => {
    const { email, token } = await account();
    let enrolled: Awaited<ReturnType<typeof enrol>> | undefined;
    const on = await expectOneMail(
      email,
      "two-factor-on",
      async () => {
        enrolled = await enrol(token);
        return enrolled.confirmed;
      },
      () => [
        token,
        enrolled!.secret,
        ...enrolled!.recoveryCodes,
        ...enrolled!.recoveryCodes.map((c) => c.replaceAll("-", "")),
      ],
    );
    fromTheBrowser(on.text);
    expect(on.text).toContain("If it was not you, someone else has taken over your account");

    let fresh: string[] = [];
    const codes = await expectOneMail(
      email,
      "recovery-codes",
      async () => {
        const res = await call("POST", "/api/admin/two-factor/recovery-codes", token);
        fresh = res.json().data.recoveryCodes;
        expect(fresh).toHaveLength(10);
        return res;
      },
      () => [token, enrolled!.secret, ...fresh, ...fresh.map((c) => c.replaceAll("-", ""))],
    );
    fromTheBrowser(codes.text);

    const off = await expectOneMail(
      email,
      "two-factor-off",
      () => call("POST", "/api/admin/two-factor/disable", token, { password: PASSWORD }),
      () => [token, enrolled!.secret],
    );
    fromTheBrowser(off.text);
    expect(off.text).toContain("If it was not you, someone else is signed in to your account");
  });

  it("a passkey added and removed: one mail each, naming the passkey, never its key", async () => {
    const { email, token } = await account();
    const authenticator = new SoftAuthenticator();
    let id = "";
    const added = await expectOneMail(
      email,
      "passkey-added",
      async () => {
        const options = (await call("POST", "/api/admin/passkeys/options", token)).json().data;
        const res = await call("POST", "/api/admin/passkeys", token, {
          response: authenticator.register(options, SITE),
          name: "Work laptop",
        });
        id = res.json().data.id;
        return res;
      },
      () => [token, authenticator.id],
    );
    fromTheBrowser(added.text);
    expect(added.text).toContain("Passkey: Work laptop");

    const removed = await expectOneMail(
      email,
      "passkey-removed",
      () => call("DELETE", `/api/admin/passkeys/${id}`, token),
      () => [token, authenticator.id],
    );
    fromTheBrowser(removed.text);
    expect(removed.text).toContain("Passkey: Work laptop");
  });

  it("a password changed: one mail, with neither password", async () => {
    const { email, token } = await account("editor");
    const newPassword = "security-mail-new-password-2";
    const changed = await expectOneMail(
      email,
      "password-changed",
      () =>
        call("PUT", "/api/admin/password", token, {
          currentPassword: PASSWORD,
          newPassword,
        }),
      () => [token, newPassword],
    );
    fromTheBrowser(changed.text);
  });

  it("the Owner's security setting turned on and off: one mail each to the Owner; saved unchanged, none", async () => {
    const owner = await account("owner");
    // Enrolled first: with the requirement on, an Owner without strong sign-in is held back.
    await enrol(owner.token);
    const on = await expectOneMail(owner.email, "requirement-on", () =>
      call("PUT", "/api/admin/security", owner.token, { requireTwoFactor: true }),
    );
    fromTheBrowser(on.text);
    const count = (await mails(owner.email)).length;
    const again = await call("PUT", "/api/admin/security", owner.token, { requireTwoFactor: true });
    expect(again.statusCode).toBe(200);
    expect(await mails(owner.email)).toHaveLength(count);
    const off = await expectOneMail(owner.email, "requirement-off", () =>
      call("PUT", "/api/admin/security", owner.token, { requireTwoFactor: false }),
    );
    fromTheBrowser(off.text);
  });

  it("the operator's resets (npm run admin): one mail each, saying an operator made them; never the new password", async () => {
    const { email, token } = await account();
    await enrol(token);
    const operatorPassword = "operator-reset-password-9";
    const reset = await expectOneMail(
      email,
      "password-reset",
      async () => {
        await api.app.services.accounts.resetPassword(email.toUpperCase(), operatorPassword);
        return undefined;
      },
      () => [operatorPassword],
    );
    expect(reset.text).toContain("By: an operator, with the server's command line (npm run admin)");
    expect(reset.text).not.toMatch(/Browser:|Address:/);
    expect(reset.text).toContain(`${SITE.origin}/admin`);

    const twoFactor = await expectOneMail(email, "two-factor-reset", async () => {
      await api.app.services.accounts.resetStrongSignIn(email, "npm run admin");
      return undefined;
    });
    expect(twoFactor.text).toContain("By: an operator");
    expect(twoFactor.text).toContain("If you did not ask for this, tell an Owner of the site at once.");
  });

  it("a refused change mails nothing", async () => {
    const { email, token } = await account("owner");
    const started = await call("POST", "/api/admin/two-factor/start", token);
    const { secret } = started.json().data as { secret: string };
    const wrongCode = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const refusals = [
      // A wrong code: two-factor sign-in stays off.
      () => call("POST", "/api/admin/two-factor/confirm", token, { code: wrongCode }),
      // A wrong current password.
      () =>
        call("PUT", "/api/admin/password", token, {
          currentPassword: "not-the-password",
          newPassword: "another-password-3",
        }),
      // A passkey that is not there.
      () => call("DELETE", `/api/admin/passkeys/${crypto.randomUUID()}`, token),
      // Not on, so neither off nor new codes.
      () => call("POST", "/api/admin/two-factor/disable", token, { password: PASSWORD }),
      () => call("POST", "/api/admin/two-factor/recovery-codes", token),
    ];
    for (const refusal of refusals) {
      const res = await refusal();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await mails(email)).toHaveLength(0);

    // On, then the session's sudo mode lapses: the guarded changes are refused (403), unmailed.
    const confirmed = await call("POST", "/api/admin/two-factor/confirm", token, { code: codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(await mails(email)).toHaveLength(1);
    await expireSudo(api.app, token);
    for (const [method, url, payload] of [
      ["POST", "/api/admin/two-factor/disable", {}],
      ["POST", "/api/admin/two-factor/recovery-codes", undefined],
      ["PUT", "/api/admin/security", { requireTwoFactor: true }],
    ] as const) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    // A wrong password given to turn it off.
    const wrong = await call("POST", "/api/admin/two-factor/disable", token, {
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mails(email)).toHaveLength(1);
    // An unknown account for the operator's resets.
    await expect(
      api.app.services.accounts.resetPassword("nobody@example.co.uk", "whatever-pass-1"),
    ).rejects.toThrow();
    await expect(
      api.app.services.accounts.resetStrongSignIn("nobody@example.co.uk", "npm run admin"),
    ).rejects.toThrow();
    const anyToNobody = (
      await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security"))
    ).filter((row) => row.message?.to === "nobody@example.co.uk");
    expect(anyToNobody).toEqual([]);
  });
});

describe.each(TEST_DATABASES)("the security mail's delivery on %s", (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("goes out through the outbox: held while the mail server refuses, sent after, and not kept once sent", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const app = await buildTestApp(kind, { SMTP_URL: smtp.url, SITE_URL: SITE.origin });
    cleanups.push(() => app.close());
    const email = "security-mail-delivery@example.co.uk";
    const { id } = await app.services.accounts.create(email, PASSWORD, "desk");
    smtp.answer.refuseWith = 451; // an outage: try later
    await app.services.signIns.changePassword({
      adminId: id,
      client: ADDRESS,
      change: { currentPassword: PASSWORD, newPassword: "delivered-password-2" },
      origin: { ip: ADDRESS, userAgent: FIREFOX },
    });
    expect(await app.services.mail.deliverDue()).toBe(0);
    const [held] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "security"), eq(mailOutbox.state, "pending")));
    expect(held.message?.to).toBe(email);

    smtp.answer.refuseWith = undefined;
    expect(await app.services.mail.deliverDue(new Date(Date.now() + 60_000))).toBe(1);
    const [received] = smtp.received;
    expect(received.to).toEqual([email]);
    expect(received.text).toContain("Browser: Firefox on Linux");
    expect(received.text).toContain(`Address: ${ADDRESS}`);
    expect(received.raw).not.toContain("delivered-password-2");
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, held.id));
    expect(sent).toMatchObject({ state: "sent", message: null });
  });
});
