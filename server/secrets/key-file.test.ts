import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { loadConfig } from "../config";
import { openKeyring, readKeyFile } from "./key-file";
import { createKeyring, keyIdOf, newKeyText, parseKey, SecretsKeyError } from "./keyring";

describe("the secrets key", () => {
  it("is made on the embedded database's first start beside the data, owner-only, and read again after", () => {
    const dataDir = scratchDir("secrets-key-");
    const source = loadConfig({ DATA_DIR: dataDir }).secrets;
    expect(source.file).toBe(path.resolve(dataDir, "secrets.key"));
    expect(() => openKeyring(source)).toThrow(/does not exist: copy the site's secrets.key there/);
    const made = openKeyring(source, { generate: true });
    expect(made.madeFile).toBe(source.file);
    expect(statSync(source.file).mode & 0o777).toBe(0o600);
    const again = openKeyring(source, { generate: true });
    expect(again.madeFile).toBeUndefined();
    expect(again.currentId).toBe(made.currentId);
    expect(readFileSync(source.file, "utf8")).toMatch(/^# .*\n# .*\n[A-Za-z0-9+/]{43}=\n$/);
  });

  it("is never made up with DATABASE_URL: instances sharing a database must share it", () => {
    const source = loadConfig({
      DATA_DIR: scratchDir("secrets-key-"),
      DATABASE_URL: "postgres://h/db",
    }).secrets;
    expect(() => openKeyring(source, { generate: true })).toThrow(SecretsKeyError);
    expect(() => openKeyring(source, { generate: true })).toThrow(/^With DATABASE_URL, set SECRETS_KEY/);
    const key = newKeyText();
    const withKey = loadConfig({ DATABASE_URL: "postgres://h/db", SECRETS_KEY: key }).secrets;
    expect(openKeyring(withKey).currentId).toBe(keyIdOf(parseKey(key) as Buffer));
  });

  it("reads a key file of several keys (the first seals, all open) and says which line is wrong", () => {
    const dir = scratchDir("secrets-key-");
    const file = path.join(dir, "keys");
    const [current, old] = [newKeyText(), newKeyText()];
    writeFileSync(file, `# comment\n${current}\n\n${old}\n`);
    const keyring = openKeyring(
      loadConfig({ SECRETS_KEY_FILE: file, DATABASE_URL: "postgres://h/db" }).secrets,
    );
    expect(keyring.currentId).toBe(keyIdOf(parseKey(current) as Buffer));
    const sealedWithOld = createKeyring([parseKey(old) as Buffer]).seal("whsec_x", "c");
    expect(keyring.open(sealedWithOld, "c")).toBe("whsec_x");
    expect(readKeyFile(file)).toHaveLength(2);
    writeFileSync(file, `${current}\nnot a key\n`);
    expect(() => readKeyFile(file)).toThrow(/line 2 must be a key of 32 bytes in base64/);
    const missing = loadConfig({ SECRETS_KEY_FILE: path.join(dir, "none") }).secrets;
    expect(() => openKeyring(missing, { generate: true })).toThrow(/does not exist \(create it: openssl/);
  });

  it("seals with a fresh IV each time, bound to the row, and refuses an altered value", () => {
    const keyring = createKeyring([parseKey(newKeyText()) as Buffer]);
    const a = keyring.seal("JBSWY3DPEHPK3PXP", "admin_two_factor.secret:1");
    const b = keyring.seal("JBSWY3DPEHPK3PXP", "admin_two_factor.secret:1");
    expect(a).not.toBe(b);
    expect(keyring.open(a, "admin_two_factor.secret:1")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => keyring.open(a, "admin_two_factor.secret:2")).toThrow(/does not open it/);
    const parts = a.split(":");
    parts[4] = `A${parts[4].slice(1)}` === parts[4] ? `B${parts[4].slice(1)}` : `A${parts[4].slice(1)}`;
    expect(() => keyring.open(parts.join(":"), "admin_two_factor.secret:1")).toThrow(/does not open it/);
    expect(() => keyring.open("JBSWY3DPEHPK3PXP", "x")).toThrow(/not sealed/);
  });
});
