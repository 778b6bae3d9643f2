import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../../common/staff/passkeys";
import { adminPasskeyChallenges, auditEvents, mailOutbox } from "../../db/schema";
import { ADMIN, bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";
import { confirmSudo } from "../../test/sudo";
import { SoftAuthenticator } from "../../test/webauthn";

const SITE = { origin: "https://admin.example.co.uk", rpId: "admin.example.co.uk" };
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

describe.each(TEST_DATABASES)("passkeys on %s", (kind) => {
  const api = signedInApp(kind, { SITE_URL: SITE.origin });
  // Adding and removing passkeys is sudo mode's (sudo.test.ts): each session confirms its password.
  beforeAll(() => confirmSudo(api.app, api.token, ADMIN.password));
  const staffAs = async (role: "owner" | "desk" | "editor", email?: string) => {
    const token = await signInAs(api.app, role, email);
    await confirmSudo(api.app, token, `${role}-password-123`);
    return token;
  };

  const call = (method: "GET" | "POST" | "DELETE", url: string, token?: string, payload?: object) =>
    api.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), "user-agent": MAC_SAFARI },
      payload,
    });

  /** Registers a new soft authenticator's passkey for the account behind `token`. */
  async function register(token: string, name?: string) {
    const authenticator = new SoftAuthenticator();
    const options = (await call("POST", "/api/admin/passkeys/options", token)).json().data;
    const res = await call("POST", "/api/admin/passkeys", token, {
      response: authenticator.register(options, SITE),
      ...(name === undefined ? {} : { name }),
    });
    return { authenticator, res };
  }
  const signInOptions = async () => (await call("POST", "/api/admin/login/passkey/options")).json().data;
  const signInWith = async (authenticator: SoftAuthenticator, at = SITE, options?: { challenge: string }) =>
    call("POST", "/api/admin/login/passkey", undefined, {
      response: authenticator.authenticate(options ?? (await signInOptions()), at),
    });

  it("registers a passkey on the site's origin and relying party, lists it with its name and dates, and signs in with it", async () => {
    const options = (await call("POST", "/api/admin/passkeys/options", api.token)).json().data;
    expect(options.rp).toEqual({ id: SITE.rpId, name: expect.any(String) });
    expect(options.authenticatorSelection.residentKey).toBe("required");
    expect(options.attestation).toBe("none");

    const { authenticator, res } = await register(api.token, "Work laptop");
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    const account = await api.app.services.accounts.findByEmail("editor@example.co.uk");
    expect(await api.app.services.passkeys.has(account!.id)).toBe(true);
    const listed = (await call("GET", "/api/admin/passkeys", api.token)).json().data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(authenticator.id);

    const mailsBefore = (await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "new-browser")))
      .length;
    const signed = await signInWith(authenticator);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: "Ok", auth: expect.any(String) });
    expect(signed.headers["set-cookie"]).toBeDefined();
    const profile = await call("GET", "/api/admin/profile", signed.json().auth);
    expect(profile.json().data.email).toBe("editor@example.co.uk");
    // Exactly as a password sign-in: a browser new to the account mails it; recorded in the log.
    const mails = await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "new-browser"));
    expect(mails.length).toBe(mailsBefore + 1);
    const actions = (await api.app.db.select().from(auditEvents)).map((row) => [row.action, row.targetLabel]);
    expect(actions).toContainEqual(["passkey_added", "Work laptop"]);
    expect(actions).toContainEqual(["sign_in", "Safari on macOS (passkey)"]);
    const [used] = (await call("GET", "/api/admin/passkeys", api.token)).json().data;
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("names a passkey after the device when no name is given, and 'Remove' takes only one's own", async () => {
    const desk = await staffAs("desk");
    const { res } = await register(desk);
    expect(res.statusCode).toBe(201);
    const mine = res.json().data;
    expect(mine.name).toBe(PASSKEY_MESSAGES.defaultName("Safari on macOS"));
    // Another account cannot remove it (404, as for none).
    const other = await call("DELETE", `/api/admin/passkeys/${mine.id}`, api.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PASSKEY_MESSAGES.notFound);
    const removed = await call("DELETE", `/api/admin/passkeys/${mine.id}`, desk);
    expect(removed.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/passkeys", desk)).json().data).toEqual([]);
    const actions = (await api.app.db.select().from(auditEvents)).map((row) => row.action);
    expect(actions).toContain("passkey_removed");
  });

  it("refuses a registration from another origin or for another relying party", async () => {
    for (const at of [
      { origin: "https://evil.example.com", rpId: SITE.rpId },
      { origin: SITE.origin, rpId: "evil.example.com" },
    ]) {
      const options = (await call("POST", "/api/admin/passkeys/options", api.token)).json().data;
      const res = await call("POST", "/api/admin/passkeys", api.token, {
        response: new SoftAuthenticator().register(options, at),
      });
      expect(res.statusCode, at.origin).toBe(400);
      expect(res.json().message).toBe(PASSKEY_MESSAGES.failed);
    }
  });

  it("refuses a sign-in from a wrong origin, a replayed challenge, an unknown passkey and a counter gone back", async () => {
    const { authenticator } = await register(api.token);
    const wrongOrigin = await signInWith(authenticator, {
      origin: "https://evil.example.com",
      rpId: SITE.rpId,
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe(PASSKEY_MESSAGES.signInRefused);

    // A challenge answers once: the same answer again (or a new answer to it) is refused.
    const options = await signInOptions();
    const answer = authenticator.authenticate(options, SITE);
    expect((await call("POST", "/api/admin/login/passkey", undefined, { response: answer })).statusCode).toBe(
      200,
    );
    const replayed = await call("POST", "/api/admin/login/passkey", undefined, { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(PASSKEY_MESSAGES.expired);
    const again = await signInWith(authenticator, SITE, options);
    expect(again.statusCode).toBe(400);

    // A registration challenge does not sign in.
    const registration = (await call("POST", "/api/admin/passkeys/options", api.token)).json().data;
    expect((await signInWith(authenticator, SITE, registration)).statusCode).toBe(400);

    // An authenticator the site never registered.
    const stranger = await signInWith(new SoftAuthenticator());
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(PASSKEY_MESSAGES.signInRefused);

    // A cloned key: its counter lags the one stored.
    authenticator.counter = 1;
    const cloned = await signInWith(authenticator);
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().message).toBe(PASSKEY_MESSAGES.signInRefused);
  });

  it("refuses an expired challenge", async () => {
    const { authenticator } = await register(api.token);
    const options = await signInOptions();
    await api.app.db
      .update(adminPasskeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminPasskeyChallenges.challenge, options.challenge));
    const res = await signInWith(authenticator, SITE, options);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("refuses another account's credential: a user handle that is not the passkey's account's", async () => {
    const { authenticator } = await register(api.token);
    const desk = await staffAs("desk", "handle-desk@example.co.uk");
    const deskOptions = (await call("POST", "/api/admin/passkeys/options", desk)).json().data;
    // The authenticator claims the desk account's handle while answering with the owner's key.
    authenticator.userHandle = deskOptions.user.id;
    const res = await signInWith(authenticator);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.signInRefused);
    // And a registration challenge made for one account does not register for another.
    const owners = (await call("POST", "/api/admin/passkeys/options", api.token)).json().data;
    const crossed = await call("POST", "/api/admin/passkeys", desk, {
      response: new SoftAuthenticator().register(owners, SITE),
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("refuses the same passkey twice, unreadable bodies, and signing in without a body", async () => {
    const { authenticator } = await register(api.token);
    const options = (await call("POST", "/api/admin/passkeys/options", api.token)).json().data;
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toContain(authenticator.id);
    const twice = await call("POST", "/api/admin/passkeys", api.token, {
      response: authenticator.register(options, SITE),
    });
    expect(twice.statusCode).toBe(409);
    expect((await call("POST", "/api/admin/passkeys", api.token, { response: { id: "x" } })).statusCode).toBe(
      400,
    );
    expect((await call("POST", "/api/admin/login/passkey", undefined, {})).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/passkeys")).statusCode).toBe(401);
  });

  it("lets every role manage its own passkeys", async () => {
    for (const role of ["owner", "desk", "editor"] as const) {
      const token = await staffAs(role, `own-${role}@example.co.uk`);
      const { res } = await register(token, `${role} key`);
      expect(res.statusCode, role).toBe(201);
      const list = (await call("GET", "/api/admin/passkeys", token)).json().data;
      expect(list.map((p: { name: string }) => p.name)).toEqual([`${role} key`]);
    }
  });
});
