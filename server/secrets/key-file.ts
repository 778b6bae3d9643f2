import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { SPAM_TOKEN_MAX_AGE_MS } from "../../common/leads/spam";
import { fsyncPath } from "../db/durable-fs";
import {
  createKeyring,
  type Keyring,
  newKeyText,
  parseKey,
  SecretsKeyError,
  type SecretsKeySource,
} from "./keyring";

/** A key a rotation replaced, kept in the key file for the derived keys alone until `until`. */
export interface RetiredKey {
  key: Buffer;
  until: Date;
}

/**
 * How long a rotation keeps the replaced key for the derived keys alone (key-file.ts's
 * `<key> until <time>` line): a form token's life, so a page served before the rotation can
 * still send its form (the quote answers' cookie, two hours, fits within it).
 */
export const RETIRED_KEY_GRACE_MS = SPAM_TOKEN_MAX_AGE_MS;

/** A retired key's line: the key, then `until` and the time it is kept until (ISO 8601). */
export const retiredKeyLine = (key: Buffer, until: Date) =>
  `${key.toString("base64")} until ${until.toISOString()}`;

/**
 * A key file's entries: one base64 key a line, the first the current one, the others accepted
 * for reading (during a rotation); `<key> until <time>`: a key a rotation replaced, kept for the
 * derived keys alone (form tokens, the quote cookie) until then; blank lines and `#` comments are
 * ignored.
 */
export function readKeyFileEntries(file: string): { keys: Buffer[]; retired: RetiredKey[] } {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const keys: Buffer[] = [];
  const retired: RetiredKey[] = [];
  lines.forEach((line, i) => {
    const [text, word, time, ...rest] = line.split(/\s+/);
    const key = parseKey(text);
    const until = word === "until" && rest.length === 0 ? new Date(time ?? "") : undefined;
    if (!key || (word !== undefined && (!until || Number.isNaN(until.getTime()))))
      throw new SecretsKeyError(
        `The secrets key file ${file} is not valid: line ${i + 1} must be a key of 32 bytes in base64` +
          " (or a retired one: <key> until <time>)",
      );
    if (until) retired.push({ key, until });
    else keys.push(key);
  });
  if (keys.length === 0) throw new SecretsKeyError(`The secrets key file ${file} holds no key`);
  return { keys, retired };
}

/** The keys of a key file that open secrets (its retired ones aside), the current one first. */
export const readKeyFile = (file: string): Buffer[] => readKeyFileEntries(file).keys;

const KEY_FILE_HEADER =
  "# The key that seals the site's secrets in its database (docs/secrets-key.md).\n" +
  "# Keep a copy apart from the database's backups: without it, a restore cannot read them.\n";

/**
 * Writes a key file durably (flushed, then renamed into place, then its folder flushed), readable
 * by its owner only. `replace`: over an existing file (a rotation); else it fails when one exists.
 */
export function writeKeyFile(file: string, keys: readonly string[], replace = false): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, `${KEY_FILE_HEADER}${keys.join("\n")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    // A rename replaces the old file at once (it holds the old keys or the new, never neither); a
    // link fails when another process made the file meanwhile.
    if (replace) renameSync(temp, file);
    else linkSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  fsyncPath(path.dirname(file));
}

/**
 * The keyring the configuration names: SECRETS_KEY (with SECRETS_KEY_OLD), else the key file.
 * For the embedded database a missing default file is made on first start (`generate`); with
 * DATABASE_URL and no key configured, SecretsKeyError: instances sharing a database must share
 * the key, so none is made up by one of them.
 */
export function openKeyring(
  source: SecretsKeySource,
  options: { generate?: boolean; now?: Date } = {},
): Keyring {
  if (source.key) {
    const keys = [source.key, ...source.oldKeys].map((text) => parseKey(text));
    if (keys.some((key) => !key))
      throw new SecretsKeyError("SECRETS_KEY and SECRETS_KEY_OLD must be keys of 32 bytes in base64");
    return createKeyring(keys as Buffer[]);
  }
  if (source.sharedDatabase && source.fileIsDefault)
    throw new SecretsKeyError(
      "With DATABASE_URL, set SECRETS_KEY (32 random bytes in base64: openssl rand -base64 32) or " +
        "SECRETS_KEY_FILE, the same on every instance: it seals the two-factor and webhook secrets " +
        "in the database (docs/secrets-key.md)",
    );
  const extra = source.oldKeys.map((text) => parseKey(text));
  if (extra.some((key) => !key))
    throw new SecretsKeyError("SECRETS_KEY_OLD must be keys of 32 bytes in base64");
  let entries: ReturnType<typeof readKeyFileEntries>;
  try {
    entries = readKeyFileEntries(source.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      if (error instanceof SecretsKeyError) throw error;
      throw new SecretsKeyError(
        `The secrets key file ${source.file} cannot be read: ${(error as Error).message}`,
      );
    }
    if (!source.fileIsDefault || !options.generate)
      throw new SecretsKeyError(
        `The secrets key file ${source.file} does not exist` +
          (source.fileIsDefault
            ? ": copy the site's secrets.key there (or set SECRETS_KEY)"
            : " (create it: openssl rand -base64 32 > FILE; chmod 600 FILE)"),
      );
    let made = false;
    try {
      writeKeyFile(source.file, [newKeyText()]);
      made = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const keyring = createKeyring([...readKeyFile(source.file), ...(extra as Buffer[])]);
    if (made) keyring.madeFile = source.file;
    return keyring;
  }
  const now = options.now ?? new Date();
  const retired = entries.retired.filter((entry) => entry.until > now).map((entry) => entry.key);
  return createKeyring([...entries.keys, ...(extra as Buffer[])], { retired });
}
