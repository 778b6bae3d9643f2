import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../../common/staff/passkeys";
import { TWO_FACTOR_MESSAGES } from "../../../common/staff/two-factor";
import { adminPasskeys, auditEvents } from "../../db/schema";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { requireTwoFactor } from "../../test/two-factor";
import { SoftAuthenticator } from "../../test/webauthn";

const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const PASSWORD = "second-step-password-1";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(TEST_DATABASES)("a passkey as the password sign-in's second step on %s", (kind) => {
  const api = signedInApp(kind, { SITE_URL: SITE.origin });
  let made = 0;

  const post = (url: string, payload: object) =>
    api.app.inject({ method: "POST", url, headers: { "user-agent": FIREFOX }, payload });
  const logIn = (email: string) => post("/api/admin/login", { email, password: PASSWORD });
  const options = async (pending: string) =>
    (await post("/api/admin/login/two-factor/passkey/options", { pending })).json().data;
  const complete = (pending: string, response: object) =>
    post("/api/admin/login/two-factor/passkey", { pending, response });

  /** A fresh account whose only strong method is a passkey (put straight in the database). */
  async function accountWithPasskey() {
    const email = `second-step-${++made}@example.co.uk`;
    const { id } = await api.app.services.accounts.create(email, PASSWORD, "owner");
    const authenticator = new SoftAuthenticator();
    await api.app.db.insert(adminPasskeys).values({ ...authenticator.storedFor(id), name: "Key" });
    return { id, email, authenticator };
  }

  const actions = async (adminId: string) =>
    (
      await api.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorId, adminId)))
    ).map((row) => [row.action, row.targetLabel]);

  it("asks an account whose only strong method is a passkey for it after the password, while the Owner requires two-factor", async () => {
    await requireTwoFactor(api.app);
    const { id, email, authenticator } = await accountWithPasskey();
    const first = await logIn(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRequired: true, methods: ["passkey"] });
    expect(first.json().auth).toBeUndefined();
    expect(first.headers["set-cookie"]).toBeUndefined();
    const { pending } = first.json();

    // No code completes it (the account has no authenticator app).
    const code = await post("/api/admin/login/two-factor", { pending, code: "123456" });
    expect(code.statusCode).toBe(400);

    const request = await options(pending);
    expect(request.userVerification).toBe("required");
    expect(request.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const done = await complete(pending, authenticator.authenticate(request, SITE));
    expect(done.statusCode).toBe(200);
    expect(done.json().auth).toEqual(expect.any(String));
    expect(String(done.headers["set-cookie"])).toContain("admin_auth=");
    expect(await actions(id)).toContainEqual(["sign_in", "Firefox on Linux (password and passkey)"]);

    // The pending sign-in is used once.
    const again = await post("/api/admin/login/two-factor/passkey/options", { pending });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.pendingExpired);
  });

  it("refuses another account's passkey, a challenge made for another pending sign-in, and a key that did not verify its user", async () => {
    const owner = await accountWithPasskey();
    const other = await accountWithPasskey();
    const { pending } = (await logIn(owner.email)).json();

    // The other account's key answers this pending sign-in's challenge: refused, and recorded.
    const crossed = await complete(pending, other.authenticator.authenticate(await options(pending), SITE));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe(PASSKEY_MESSAGES.signInRefused);
    expect(await actions(owner.id)).toContainEqual([
      "sign_in_failed_two_factor",
      PASSKEY_MESSAGES.auditRefused,
    ]);

    // A challenge given for another pending sign-in of the same account.
    const second = (await logIn(owner.email)).json().pending;
    const forSecond = await options(second);
    const swapped = await complete(pending, owner.authenticator.authenticate(forSecond, SITE));
    expect(swapped.statusCode).toBe(400);

    // A key that saw the user present but did not verify them (no PIN, no biometric).
    const unverified = await complete(
      pending,
      owner.authenticator.authenticate(await options(pending), SITE, { userVerified: false }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toBe(PASSKEY_MESSAGES.signInRefused);

    // A timed-out or garbled pending sign-in gets no options.
    const garbled = await post("/api/admin/login/two-factor/passkey/options", {
      pending: "not-a-pending-sign-in",
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toBe(TWO_FACTOR_MESSAGES.pendingExpired);

    // The right key, verified, still completes it.
    const done = await complete(pending, owner.authenticator.authenticate(await options(pending), SITE));
    expect(done.statusCode).toBe(200);
  });

  it("requires user verification for the passkey sign-in too", async () => {
    const { authenticator } = await accountWithPasskey();
    const signInOptions = (await post("/api/admin/login/passkey/options", {})).json().data;
    expect(signInOptions.userVerification).toBe("required");
    const unverified = await post("/api/admin/login/passkey", {
      response: authenticator.authenticate(signInOptions, SITE, { userVerified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toBe(PASSKEY_MESSAGES.signInRefused);
    const fresh = (await post("/api/admin/login/passkey/options", {})).json().data;
    const verified = await post("/api/admin/login/passkey", {
      response: authenticator.authenticate(fresh, SITE),
    });
    expect(verified.statusCode).toBe(200);
  });
});
