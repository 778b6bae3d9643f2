import { spawnSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { freePort, SERVER_COMMAND, signIn, startBuiltServer } from "../../scripts/server-process.mjs";

/**
 * The secrets key as an operator meets it (docs/secrets-key.md): made beside the embedded database
 * on its first start, refused missing with DATABASE_URL, rotated by npm run secrets:rotate, and a
 * wrong one stopping the start with one line that names the key the database needs.
 */
const ADMIN = { email: "keys@example.co.uk", password: "keys-password-1" };
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const codeFor = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

async function post(url: string, token: string | undefined, body: object) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** The server's one line when it stops at start (under node's flags, as every start runs it). */
async function failedStart(extra: Record<string, string>) {
  const port = String(await freePort());
  const result = spawnSync(process.execPath, SERVER_COMMAND, {
    env: { ...process.env, LOG_LEVEL: "warn", PORT: port, ...extra },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, lines: result.stderr.trim().split("\n") };
}

describe("the secrets key of a running site", () => {
  it("is made on first start (0600), kept on restart, rotated by secrets:rotate; a wrong key stops the start", async () => {
    const dataDir = scratchDir("site-secrets-");
    const keyFile = path.join(dataDir, "secrets.key");
    const first = await startBuiltServer(env(dataDir));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain("made the secrets key");
    const key = readFileSync(keyFile, "utf8");
    // Two-factor sign-in on, its secret sealed with that key.
    const token = await signIn(first.url, ADMIN);
    // Sudo mode's: the password with the start (server/routes/staff/sudo-owner.test.ts).
    const started = await post(`${first.url}/api/admin/two-factor/start`, token, {
      password: ADMIN.password,
    });
    const secret = started.json.data.secret as string;
    expect(
      (await post(`${first.url}/api/admin/two-factor/confirm`, token, { code: codeFor(secret) })).status,
    ).toBe(200);
    expect(await first.stop()).toBe(0);

    const rotate = spawnSync(process.execPath, ["build/server-app/secrets.js", "rotate"], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(rotate.stderr).toBe("");
    expect(rotate.status).toBe(0);
    expect(rotate.stdout).toMatch(/^1 secret\(s\) sealed with key [\w-]{8}\./);
    const rotated = readFileSync(keyFile, "utf8");
    expect(rotated).not.toBe(key);

    const second = await startBuiltServer(env(dataDir));
    expect(second.output()).not.toContain("made the secrets key");
    const pending = (await post(`${second.url}/api/admin/login`, undefined, ADMIN)).json.pending as string;
    const done = await post(`${second.url}/api/admin/login/two-factor`, undefined, {
      pending,
      code: codeFor(secret, 30_000),
    });
    expect(done.status).toBe(200);
    expect(await second.stop()).toBe(0);

    // The old key back in place of the new one: the start stops, naming both keys.
    writeFileSync(keyFile, key);
    const wrong = await failedStart({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(wrong.status).toBe(1);
    expect(wrong.lines).toHaveLength(1);
    expect(wrong.lines[0]).toMatch(
      /^1 two-factor secret\(s\) in the database were sealed with key [\w-]{8}, which/,
    );
    expect(wrong.lines[0]).not.toContain(key.trim().split("\n").at(-1));
  }, 240_000);

  it("is required with DATABASE_URL: one clear line, before the database is reached", async () => {
    const result = await failedStart({
      DATA_DIR: scratchDir("site-secrets-"),
      DATABASE_URL: "postgres://127.0.0.1:1/none",
    });
    expect(result.status).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(/^With DATABASE_URL, set SECRETS_KEY \(32 random bytes in base64/);
  });
});
