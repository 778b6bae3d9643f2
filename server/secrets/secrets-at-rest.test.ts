import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPAM_MESSAGES } from "../../common/admin-messages";
import { FORM_TOKEN_FIELD } from "../../common/leads/spam-fields";
import { TWO_FACTOR_MESSAGES } from "../../common/staff/two-factor";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { buildApp } from "../app";
import { importDatabase, parseExport, writeExport } from "../db/portable";
import {
  admins,
  adminTwoFactor,
  auditEvents,
  enquiries,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema";
import { readToken, signToken } from "../services/leads/spam";
import { bearer } from "../test/content";
import { VALID_CONTACT } from "../test/enquiry-fixtures";
import { TEST_DATABASES, TEST_SECRETS_KEY, testConfig, testDatabases } from "../test/harness";
import { keyringForImport } from "./import";
import { openKeyring, RETIRED_KEY_GRACE_MS, readKeyFile, readKeyFileEntries, writeKeyFile } from "./key-file";
import { createKeyring, keyIdIn, newKeyText, parseKey, SecretsKeyError } from "./keyring";
import { openSecret, protectSecrets, totpContext, unreadableMessage, webhookContext } from "./protect";
import { RENEW_ACTOR } from "./renew";
import { rotateSecretsKey } from "./rotate";

const PASSWORD = "secrets-password-1";
const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

/** A receiver on 127.0.0.1 that keeps each request. */
async function receiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { received, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Whether the last request received verifies with `secret` (Standard Webhooks). */
function verifies(request: { headers: IncomingHttpHeaders; body: string } | undefined, secret: string) {
  if (!request) return false;
  try {
    new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}

/** The raw stored rows, as someone reading the database (or a backup of it) sees them. */
const rawSecrets = async (app: FastifyInstance) => {
  const rows = (await app.db.execute(
    sql`select secret from admin_two_factor union all select secret from webhook_endpoints`,
  )) as unknown as { rows: Array<{ secret: string }> };
  return rows.rows.map((row) => row.secret);
};

const ENV = { WEBHOOK_ALLOW_PRIVATE: "1" };
const otherKey = newKeyText();

describe.each(TEST_DATABASES)("secrets at rest on %s", (kind) => {
  const open = testDatabases();
  let hook: Awaited<ReturnType<typeof receiver>>;
  let made = 0;
  beforeAll(async () => {
    hook = await receiver();
  });
  afterAll(() => hook.close());

  async function appOn(env: Record<string, string> = {}, database?: Awaited<ReturnType<typeof open>>) {
    const handle = database ?? (await open(kind));
    // The database is closed by `open` after the file's tests: an app's close leaves it open, so a
    // second app (another key, a restored site) can be built on it.
    return buildApp({
      config: testConfig({ ...ENV, ...env }),
      database: { ...handle, close: async () => {} },
      logger: false,
    });
  }
  const login = (app: FastifyInstance, email: string) =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password: PASSWORD } });
  const second = (app: FastifyInstance, pending: string, code: string) =>
    app.inject({ method: "POST", url: "/api/admin/login/two-factor", payload: { pending, code } });

  /** An account with two-factor sign-in on (through the API) and a webhook endpoint. */
  async function enrolled(app: FastifyInstance) {
    const email = `secrets-${kind}-${++made}@example.co.uk`;
    const { id } = await app.services.accounts.create(email, PASSWORD, "owner");
    const token = (await login(app, email)).json().auth as string;
    const started = await app.inject({
      method: "POST",
      url: "/api/admin/two-factor/start",
      headers: bearer(token),
      payload: { password: PASSWORD }, // sudo mode (routes/sudo.test.ts)
    });
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().data.secret as string;
    const confirmed = await app.inject({
      method: "POST",
      url: "/api/admin/two-factor/confirm",
      headers: bearer(token),
      payload: { code: codeFor(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const added = await app.inject({
      method: "POST",
      url: "/api/admin/integrations",
      headers: bearer(token),
      payload: { url: hook.url, events: ["enquiry.created"] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const endpoint = added.json().data as { id: string; secret: string };
    return { id, email, token, secret, endpoint, offset: 30_000 };
  }

  /** The account signs in with its password and a fresh code (`offset`: a time-step not used yet). */
  async function signsInWithCode(app: FastifyInstance, email: string, secret: string, offset: number) {
    const pending = (await login(app, email)).json().pending as string;
    expect(pending).toEqual(expect.any(String));
    return second(app, pending, codeFor(secret, offset));
  }

  /** A delivery to the endpoint, sent now: whether the receiver could verify it with `secret`. */
  async function signedWith(app: FastifyInstance, endpointId: string, secret: string) {
    hook.received.length = 0;
    await app.db.insert(webhookDeliveries).values({
      endpointId,
      messageId: `msg_${crypto.randomUUID()}`,
      event: "test",
      payload: { type: "test", data: {} },
    });
    await app.services.webhookSender.deliverDue(new Date(Date.now() + 60_000));
    return verifies(hook.received.at(-1), secret);
  }

  it("stores a TOTP secret and a webhook secret sealed (not in plaintext); sign-in and signing still work", async () => {
    const app = await appOn();
    const { email, secret, endpoint } = await enrolled(app);
    const stored = await rawSecrets(app);
    expect(stored).toHaveLength(2);
    for (const value of stored) {
      expect(value).toMatch(/^v1:[\w-]{8}:[\w-]+:[\w-]+:[\w-]+$/);
      expect(keyIdIn(value)).toBe(app.services.keyring.currentId);
    }
    const text = stored.join("\n");
    expect(text).not.toContain(secret);
    expect(text).not.toContain(endpoint.secret);
    expect(text).not.toContain(endpoint.secret.slice("whsec_".length));

    const done = await signsInWithCode(app, email, secret, 30_000);
    expect(done.statusCode, done.body).toBe(200);
    expect(await signedWith(app, endpoint.id, endpoint.secret)).toBe(true);
    // A sealed value moved to another row does not open (bound to its row).
    const [row] = await app.db.select().from(webhookEndpoints);
    expect(() => app.services.keyring.open(row.secret, webhookContext(crypto.randomUUID()))).toThrow(
      /does not open it/,
    );
    await app.close();
  }, 120_000);

  it("seals the plaintext secrets of a database from before sealing, once, and they keep working", async () => {
    const app = await appOn();
    const email = `legacy-${kind}@example.co.uk`;
    const { id } = await app.services.accounts.create(email, PASSWORD, "owner");
    const totp = new Secret({ size: 20 }).base32;
    const whsec = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    await app.db.insert(adminTwoFactor).values({ adminId: id, secret: totp, enabledAt: new Date() });
    const [endpoint] = await app.db
      .insert(webhookEndpoints)
      .values({ url: hook.url, events: ["enquiry.created"], secret: whsec })
      .returning();

    const first = await protectSecrets(app.db, app.services.keyring);
    expect(first).toMatchObject({ sealed: 2, renewed: 0, unreadable: [] });
    expect(await protectSecrets(app.db, app.services.keyring)).toMatchObject({ sealed: 0, resealed: 0 });
    const stored = await rawSecrets(app);
    expect(stored.every((value) => value.startsWith("v1:"))).toBe(true);
    expect(stored.join()).not.toContain(totp);
    expect((await signsInWithCode(app, email, totp, 0)).statusCode).toBe(200);
    expect(await signedWith(app, endpoint.id, whsec)).toBe(true);
    await app.close();
  }, 120_000);

  it("db:export leaves the secrets out; the import gives the endpoint a new secret and clears two-factor", async () => {
    const app = await appOn();
    const { id, email, endpoint } = await enrolled(app);
    const file = path.join(scratchDir("secrets-export-"), "export.json");
    await writeExport(app.db, file, { leaveOutSecrets: true });
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("v1:");
    const exported = parseExport(text);
    expect(exported.tables.admin_two_factor).toEqual([]);
    expect(exported.tables.admin_recovery_codes).toEqual([]);
    expect(exported.tables.webhook_endpoints.map((row) => row.secret)).toEqual([""]);

    const target = await open(kind);
    const keyring = keyringForImport(exported, testConfig().secrets);
    expect(keyring).toBeDefined();
    await importDatabase(target.db, exported);
    const report = await protectSecrets(target.db, keyring!);
    expect(report).toMatchObject({ renewed: 1, unreadable: [] });
    const [row] = await target.db.select().from(webhookEndpoints);
    expect(row.id).toBe(endpoint.id);
    const renewed = openSecret(keyring!, row.secret, webhookContext(row.id));
    expect(renewed).toMatch(/^whsec_/);
    expect(renewed).not.toBe(endpoint.secret);
    // The imported account signs in with its password alone and sets two-factor up again.
    const imported = await appOn({}, target);
    expect(await imported.services.twoFactor.isEnabled(id)).toBe(false);
    const signedIn = await login(imported, email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().auth).toEqual(expect.any(String));
    await app.close();
    await imported.close();
  }, 120_000);

  it("a backup keeps them sealed; a restore with the same key works, with another key it is refused", async () => {
    const app = await appOn();
    const { email, secret, endpoint } = await enrolled(app);
    const file = path.join(scratchDir("secrets-backup-"), "backup.json");
    await writeExport(app.db, file);
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(secret);
    expect(text).not.toContain(endpoint.secret.slice("whsec_".length));
    expect(text.match(/"v1:/g)).toHaveLength(2);
    const backup = parseExport(text);

    // Another key: refused before anything is written, naming the key the backup needs.
    const wrong = testConfig({ SECRETS_KEY: otherKey }).secrets;
    expect(() => keyringForImport(backup, wrong)).toThrow(SecretsKeyError);
    expect(() => keyringForImport(backup, wrong)).toThrow(
      new RegExp(`sealed with key ${app.services.keyring.currentId}`),
    );

    const target = await open(kind);
    const keyring = keyringForImport(backup, testConfig().secrets);
    await importDatabase(target.db, backup);
    expect(await protectSecrets(target.db, keyring!)).toMatchObject({
      sealed: 0,
      renewed: 0,
      unreadable: [],
    });
    const restored = await appOn({}, target);
    const done = await signsInWithCode(restored, email, secret, 30_000);
    expect(done.statusCode, done.body).toBe(200);
    expect(await signedWith(restored, endpoint.id, endpoint.secret)).toBe(true);
    await app.close();
    await restored.close();
  }, 120_000);

  it("npm run secrets:rotate seals every secret with a new key; the old key is no longer needed", async () => {
    const dir = scratchDir("secrets-rotate-");
    const keyFile = path.join(dir, "secrets.key");
    const first = newKeyText();
    writeKeyFile(keyFile, [first]);
    const fileEnv = { SECRETS_KEY: "", SECRETS_KEY_FILE: keyFile };
    const database = await open(kind);
    const app = await appOn(fileEnv, database);
    const { id, email, secret, endpoint } = await enrolled(app);
    const before = await rawSecrets(app);

    // From the key file: a new key is made; the file ends holding it alone.
    const rotated = await rotateSecretsKey(app.db, testConfig(fileEnv).secrets);
    expect(rotated.report.resealed).toBe(2);
    const keys = readKeyFile(keyFile);
    expect(keys).toHaveLength(1);
    expect(keys[0].toString("base64")).not.toBe(first);
    const newOnly = createKeyring(keys);
    expect(rotated.currentId).toBe(newOnly.currentId);
    const after = await rawSecrets(app);
    expect(after.every((value) => keyIdIn(value) === newOnly.currentId)).toBe(true);
    expect(after).not.toEqual(before);
    const [totpRow] = await app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));
    expect(newOnly.open(totpRow.secret, totpContext(id))).toBe(secret);

    // From the environment: SECRETS_KEY the new key, SECRETS_KEY_OLD the one being retired.
    const third = newKeyText();
    const envRotation = await rotateSecretsKey(
      app.db,
      testConfig({ SECRETS_KEY: third, SECRETS_KEY_OLD: keys[0].toString("base64") }).secrets,
    );
    expect(envRotation.report.resealed).toBe(2);
    expect(await rotateSecretsKey(app.db, testConfig({ SECRETS_KEY: third }).secrets)).toMatchObject({
      report: { resealed: 0, unreadable: [] },
    });
    await app.close();
    const onlyThird = await appOn({ SECRETS_KEY: third }, database);
    const done = await signsInWithCode(onlyThird, email, secret, 30_000);
    expect(done.statusCode, done.body).toBe(200);
    expect(await signedWith(onlyThird, endpoint.id, endpoint.secret)).toBe(true);
    await onlyThird.close();
  }, 120_000);

  /** Every string anywhere in an export's rows (what someone holding the file has). */
  const stringsIn = (file: { tables: Record<string, Array<Record<string, unknown>>> }) => {
    const found = new Set<string>();
    const walk = (value: unknown) => {
      if (typeof value === "string") found.add(value);
      else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
    };
    walk(file.tables);
    return [...found];
  };

  /** A contact enquiry sent with `token` from its own client: what the inbox kept it as, and why. */
  let clients = 0;
  async function sentWith(app: FastifyInstance, token: string) {
    const name = `Token ${kind} ${++clients} ${Date.now()}`;
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: `192.0.2.${clients}`,
      headers: { origin: app.config.siteUrl },
      payload: { ...VALID_CONTACT, name, [FORM_TOKEN_FIELD]: token },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`);
    return { status: row.status, reasons: row.spamReasons ?? [] };
  }

  it("db:export and backups hold no key of the form tokens or the quote cookie: nothing in them signs a token that passes", async () => {
    const app = await appOn();
    await enrolled(app);
    const genuine = await app.services.spam.issueToken(Date.now() - 60_000);
    expect(await sentWith(app, genuine)).toEqual({ status: "new", reasons: [] });
    const dir = scratchDir("secrets-derived-");
    for (const leaveOutSecrets of [true, false]) {
      const file = path.join(dir, `${leaveOutSecrets ? "export" : "backup"}.json`);
      await writeExport(app.db, file, { leaveOutSecrets });
      const text = readFileSync(file, "utf8");
      const exported = parseExport(text);
      const [settings] = exported.tables.spam_settings;
      // The column of before is empty in the export; in a backup it holds random bytes nothing uses.
      if (leaveOutSecrets) expect(settings.token_secret).toBe("");
      for (const use of ["formToken", "quoteAnswers"] as const)
        for (const key of app.services.keyring.derivedAll(use))
          for (const encoding of ["base64", "base64url", "hex"] as const)
            expect(text).not.toContain(key.toString(encoding));
      // A token signed with any value the file holds is not ours.
      const forgedAt = Date.now() - 60_000;
      for (const value of stringsIn(exported))
        expect(
          readToken(app.services.keyring.derivedAll("formToken"), signToken(value, forgedAt)),
        ).toBeUndefined();
      // Sent like a visitor's, with the value that used to be the tokens' secret: kept as Spam.
      const forged = await sentWith(app, signToken(String(settings.token_secret), forgedAt));
      expect(forged.status).toBe("spam");
      expect(forged.reasons).toContain(SPAM_MESSAGES.badToken);
    }
    await app.close();
  }, 120_000);

  it("secrets:rotate renews the form tokens' key: a page served before still sends for a day (a key file), not after --renew", async () => {
    const dir = scratchDir("secrets-derived-rotate-");
    const keyFile = path.join(dir, "secrets.key");
    writeKeyFile(keyFile, [newKeyText()]);
    const fileEnv = { SECRETS_KEY: "", SECRETS_KEY_FILE: keyFile };
    const database = await open(kind);
    const before = await appOn(fileEnv, database);
    const served = await before.services.spam.issueToken(Date.now() - 60_000);
    const quoteKey = before.services.keyring.derive("quoteAnswers");
    await before.close();

    const now = new Date();
    const rotated = await rotateSecretsKey(database.db, testConfig(fileEnv).secrets, { now });
    expect(rotated.graceUntil?.getTime()).toBe(now.getTime() + RETIRED_KEY_GRACE_MS);
    const entries = readKeyFileEntries(keyFile);
    expect(entries.keys).toHaveLength(1);
    expect(entries.retired).toHaveLength(1);
    const after = await appOn(fileEnv, database);
    // New keys for new tokens and cookies; the retired key opens no secret.
    expect(readToken(after.services.keyring.derive("formToken"), served)).toBeUndefined();
    expect(readToken(after.services.keyring.derivedAll("formToken"), served)).toBeDefined();
    expect(after.services.keyring.derive("quoteAnswers").equals(quoteKey)).toBe(false);
    expect(after.services.keyring.ids).toEqual([rotated.currentId]);
    expect(await sentWith(after, served)).toEqual({ status: "new", reasons: [] });
    // A day later the retired key is left out.
    const later = openKeyring(testConfig(fileEnv).secrets, {
      now: new Date(now.getTime() + RETIRED_KEY_GRACE_MS + 1),
    });
    expect(readToken(later.derivedAll("formToken"), served)).toBeUndefined();
    const renewedToken = await after.services.spam.issueToken(Date.now() - 60_000);
    await after.close();

    // --renew: the file keeps the new key alone; no token of before passes.
    await rotateSecretsKey(database.db, testConfig(fileEnv).secrets, { renew: true });
    expect(readKeyFileEntries(keyFile)).toMatchObject({ keys: [expect.any(Buffer)], retired: [] });
    const renewed = await appOn(fileEnv, database);
    for (const token of [renewedToken, served]) {
      const sent = await sentWith(renewed, token);
      expect(sent.status).toBe("spam");
      expect(sent.reasons).toContain(SPAM_MESSAGES.badToken);
    }
    await renewed.close();
  }, 120_000);

  it("secrets:rotate --renew makes the secrets anew: the old webhook secret no longer verifies, authenticator accounts enrol again", async () => {
    const database = await open(kind);
    const app = await appOn({}, database);
    const { id, email, token, secret, endpoint } = await enrolled(app);
    const other = `secrets-plain-${kind}@example.co.uk`;
    await app.services.accounts.create(other, PASSWORD, "owner");
    const otherToken = (await login(app, other)).json().auth as string;
    await app.close();

    const fresh = newKeyText();
    const rotation = await rotateSecretsKey(
      database.db,
      testConfig({ SECRETS_KEY: fresh, SECRETS_KEY_OLD: TEST_SECRETS_KEY }).secrets,
      { renew: true },
    );
    expect(rotation.renewal).toEqual({ endpoints: 1, accounts: 1 });
    expect(rotation.sameKey).toBe(false);
    const renewed = await appOn({ SECRETS_KEY: fresh }, database);

    // The webhook: signed with a new secret the old one does not verify; the Owner is asked to rotate.
    const [row] = await renewed.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    const newSecret = openSecret(renewed.services.keyring, row.secret, webhookContext(row.id));
    expect(newSecret).not.toBe(endpoint.secret);
    expect(await signedWith(renewed, endpoint.id, endpoint.secret)).toBe(false);
    expect(verifies(hook.received.at(-1), newSecret)).toBe(true);
    const listed = await renewed.inject({ url: "/api/admin/integrations", headers: bearer(otherToken) });
    expect(listed.json().data[0].secretRenewedAt).toEqual(expect.any(String));
    const rotated = await renewed.inject({
      method: "POST",
      url: `/api/admin/integrations/${endpoint.id}/secret`,
      headers: bearer(otherToken),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().data.secretRenewedAt).toBeNull();
    expect(await signedWith(renewed, endpoint.id, rotated.json().data.secret)).toBe(true);

    // The authenticator account: signed out, its seed gone, taken to enrolment at its next sign-in.
    expect((await renewed.inject({ url: "/api/admin/profile", headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect(await renewed.db.select().from(adminTwoFactor)).toEqual([]);
    const signIn = await login(renewed, email);
    expect(signIn.json().twoFactorRequired).toBeUndefined();
    const session = signIn.json().auth as string;
    const held = await renewed.inject({ url: "/api/admin/integrations", headers: bearer(session) });
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(TWO_FACTOR_MESSAGES.enrolmentDue);
    const status = await renewed.inject({ url: "/api/admin/two-factor", headers: bearer(session) });
    expect(status.json().data).toMatchObject({ enabled: false, enrolmentDue: true });
    // Setting it up again, as at any enrolment (confirming the password first where sudo mode asks it).
    const sudo = await renewed.inject({
      method: "POST",
      url: "/api/admin/sudo",
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    expect(sudo.statusCode, sudo.body).toBe(200);
    const started = await renewed.inject({
      method: "POST",
      url: "/api/admin/two-factor/start",
      headers: bearer(session),
    });
    expect(started.statusCode, started.body).toBe(200);
    const seed = started.json().data.secret as string;
    expect(seed).not.toBe(secret);
    const confirmed = await renewed.inject({
      method: "POST",
      url: "/api/admin/two-factor/confirm",
      headers: bearer(session),
      payload: { code: codeFor(seed) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (await renewed.inject({ url: "/api/admin/integrations", headers: bearer(session) })).statusCode,
    ).toBe(200);
    const [account] = await renewed.db.select().from(admins).where(eq(admins.id, id));
    expect(account.enrolmentDueAt).toBeNull();

    // The account without an authenticator: still signed in, asked nothing.
    expect(
      (await renewed.inject({ url: "/api/admin/integrations", headers: bearer(otherToken) })).statusCode,
    ).toBe(200);
    const recorded = await renewed.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, RENEW_ACTOR.email));
    expect(recorded.map((event) => [event.action, event.targetId]).sort()).toEqual(
      [
        ["two_factor_disabled", id],
        ["webhook_secret_rotated", endpoint.id],
      ].sort(),
    );
    await renewed.close();
  }, 120_000);

  it("a wrong key: a code answers 503 with a clear message, the start names the key, a webhook says why", async () => {
    const app = await appOn();
    const { id, email, secret, endpoint } = await enrolled(app);
    const stranger = createKeyring([parseKey(otherKey) as Buffer]);
    const [row] = await app.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, id));
    const plain = app.services.keyring.open(row.secret, totpContext(id));
    await app.db
      .update(adminTwoFactor)
      .set({ secret: stranger.seal(plain, totpContext(id)) })
      .where(eq(adminTwoFactor.adminId, id));
    await app.db
      .update(webhookEndpoints)
      .set({ secret: stranger.seal(endpoint.secret, webhookContext(endpoint.id)) })
      .where(eq(webhookEndpoints.id, endpoint.id));

    const refused = await signsInWithCode(app, email, secret, 30_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.secretUnreadable);
    expect(refused.body).not.toMatch(/at .*\.ts|stack/i);

    const report = await protectSecrets(app.db, app.services.keyring);
    expect(report.unreadable).toEqual([
      { what: "two-factor secret", keyId: stranger.currentId },
      { what: "webhook secret", keyId: stranger.currentId },
    ]);
    const message = unreadableMessage(report, app.services.keyring);
    expect(message).toContain(stranger.currentId);
    expect(message).toContain(app.services.keyring.currentId);
    expect(message).not.toContain(otherKey);

    expect(await signedWith(app, endpoint.id, endpoint.secret)).toBe(false);
    const [delivery] = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery.lastError).toMatch(/^the endpoint's secret cannot be read: it was sealed with key /);

    // --forget-unreadable: two-factor set up again, a new webhook secret.
    const forgot = await protectSecrets(app.db, app.services.keyring, { forgetUnreadable: true });
    expect(forgot).toMatchObject({ forgotten: 1, renewed: 1, unreadable: [] });
    expect(await app.services.twoFactor.isEnabled(id)).toBe(false);
    await app.close();
  }, 120_000);
});
