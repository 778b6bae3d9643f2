import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { loadConfig } from "../config";
import { openKeyring, readKeyFile, readKeyFileEntries, retiredKeyLine } from "./key-file";
import { createKeyring, DERIVED_KEYS, keyIdOf, newKeyText, parseKey, SecretsKeyError } from "./keyring";

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

  it("derives one key per use from the current key, the same on every instance, and from each key it accepts for reading", () => {
    const [current, old] = [parseKey(newKeyText()) as Buffer, parseKey(newKeyText()) as Buffer];
    const keyring = createKeyring([current, old]);
    const again = createKeyring([current]);
    expect(new Set(Object.values(DERIVED_KEYS)).size).toBe(Object.keys(DERIVED_KEYS).length);
    const formToken = keyring.derive("formToken");
    expect(formToken).toHaveLength(32);
    expect(formToken.equals(again.derive("formToken"))).toBe(true);
    expect(formToken.equals(keyring.derive("quoteAnswers"))).toBe(false);
    expect(formToken.equals(current)).toBe(false);
    const all = keyring.derivedAll("formToken");
    expect(all).toHaveLength(2);
    expect(all[0].equals(formToken)).toBe(true);
    expect(all[1].equals(createKeyring([old]).derive("formToken"))).toBe(true);
  });

  it("reads a retired line (<key> until <time>) for the derived keys alone, until its time", () => {
    const dir = scratchDir("secrets-key-");
    const file = path.join(dir, "keys");
    const [current, retired] = [newKeyText(), newKeyText()];
    const until = new Date(Date.UTC(2026, 11, 2, 9));
    writeFileSync(file, `${current}\n${retiredKeyLine(parseKey(retired) as Buffer, until)}\n`);
    expect(readKeyFile(file)).toHaveLength(1);
    expect(readKeyFileEntries(file).retired).toEqual([{ key: parseKey(retired), until }]);
    const source = loadConfig({ SECRETS_KEY_FILE: file, DATABASE_URL: "postgres://h/db" }).secrets;
    const before = openKeyring(source, { now: new Date(until.getTime() - 1) });
    // It opens no secret: not among the ids, and a value sealed with it does not open.
    expect(before.ids).toEqual([keyIdOf(parseKey(current) as Buffer)]);
    const sealed = createKeyring([parseKey(retired) as Buffer]).seal("whsec_x", "c");
    expect(() => before.open(sealed, "c")).toThrow(/not configured/);
    const retiredToken = createKeyring([parseKey(retired) as Buffer]).derive("formToken");
    expect(before.derivedAll("formToken").some((key) => key.equals(retiredToken))).toBe(true);
    const after = openKeyring(source, { now: until });
    expect(after.derivedAll("formToken")).toHaveLength(1);
    for (const bad of [
      `${retired} until`,
      `${retired} until someday`,
      `${retired} since ${until.toISOString()}`,
    ]) {
      writeFileSync(file, `${current}\n${bad}\n`);
      expect(() => readKeyFile(file)).toThrow(
        /line 2 must be a key of 32 bytes in base64 \(or a retired one/,
      );
    }
  });
});
