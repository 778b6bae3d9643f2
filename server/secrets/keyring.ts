import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * The key that seals the secrets kept in the database (TOTP secrets, webhook signing secrets):
 * AES-256-GCM, the key never in the database nor in its backups (docs/secrets-key.md, decision
 * 0038). A sealed value is `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url), bound to the column
 * and row it belongs to (GCM's additional data), so a sealed value copied to another row does not
 * open. The key id is derived from the key (its SHA-256's first 48 bits): a restore or a start
 * names the key it lacks without anyone naming keys. Neither the key nor a secret is ever logged.
 *
 * The other keys of the site are derived from it (HKDF-SHA256, one label each, decision 0045), so
 * none is stored anywhere and a rotation renews them all: the form tokens' signing key and the
 * quote answers' cookie key.
 */
export const SEALED_PREFIX = "v1:";
export const KEY_BYTES = 32;

/** A configured key is wrong or missing: one clear line for the operator (never the key itself). */
export class SecretsKeyError extends Error {
  override name = "SecretsKeyError";
}

/** A sealed value this keyring cannot open (another key, altered, or not sealed at all). */
export class SecretUnreadable extends Error {
  override name = "SecretUnreadable";
  constructor(
    message: string,
    readonly keyId?: string,
  ) {
    super(message);
  }
}

/** A key from its base64 text (32 bytes), or undefined when it is not one. */
export function parseKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === KEY_BYTES ? key : undefined;
}

export const keyIdOf = (key: Buffer) =>
  createHash("sha256").update("fenland-secrets-key:").update(key).digest("base64url").slice(0, 8);

/** A new random key, as the key file and SECRETS_KEY hold it. */
export const newKeyText = () => randomBytes(KEY_BYTES).toString("base64");

/** The key id a sealed value names, or undefined when the value is not sealed. */
export function keyIdIn(stored: string): string | undefined {
  if (!stored.startsWith(SEALED_PREFIX)) return undefined;
  return stored.split(":")[1];
}

export const isSealed = (stored: string) => keyIdIn(stored) !== undefined;

/** What a derived key is for: its HKDF label (`info`), never the same for two uses. */
export const DERIVED_KEYS = {
  /** The HMAC-SHA256 key of the enquiry forms' spam tokens (services/leads/spam.ts). */
  formToken: "fenland/form-token/v1",
  /** The AES-256-GCM key of the quote wizard's answers cookie (app/lib/leads/quote-wizard.server.ts). */
  quoteAnswers: "fenland/quote-answers/v1",
} as const;
export type DerivedKey = keyof typeof DERIVED_KEYS;

const HKDF_SALT = Buffer.from("fenland-secrets-key/derived");
const deriveFrom = (key: Buffer, use: DerivedKey) =>
  Buffer.from(hkdfSync("sha256", key, HKDF_SALT, DERIVED_KEYS[use], KEY_BYTES));

export interface Keyring {
  /** The current key's id: new values are sealed with it. */
  readonly currentId: string;
  /** Every key id this keyring opens (the current one first). */
  readonly ids: readonly string[];
  /** The key file made just now (a first start): the operator is told to keep a copy apart. */
  madeFile?: string;
  /** Seals `plain` for `context` (the column and row, e.g. `webhook_endpoints.secret:<id>`). */
  seal(plain: string, context: string): string;
  /** Opens a sealed value; SecretUnreadable when it cannot. */
  open(stored: string, context: string): string;
  /** The key for `use`, derived from the current key: what new tokens and cookies are made with. */
  derive(use: DerivedKey): Buffer;
  /**
   * The key for `use` derived from every key this keyring accepts, the current one first: the
   * others (SECRETS_KEY_OLD, a key file's older lines, a key retired by a rotation within its
   * grace) let a token or cookie made before a rotation still be read.
   */
  derivedAll(use: DerivedKey): readonly Buffer[];
}

/**
 * `keys`: the current key first, then the others it opens secrets with. `retired`: keys a rotation
 * replaced, kept a while for the derived keys alone (a form token or quote cookie made before the
 * rotation still reads): they open no secret.
 */
export function createKeyring(
  keys: readonly Buffer[],
  options: { retired?: readonly Buffer[] } = {},
): Keyring {
  if (keys.length === 0) throw new SecretsKeyError("No secrets key given");
  const byId = new Map<string, Buffer>();
  for (const key of keys) if (!byId.has(keyIdOf(key))) byId.set(keyIdOf(key), key);
  const currentId = keyIdOf(keys[0]);
  const current = keys[0];
  const accepted = [...byId.values()];
  for (const key of options.retired ?? []) if (!accepted.some((k) => k.equals(key))) accepted.push(key);
  const derived = new Map<DerivedKey, Buffer[]>();
  const derivedAll = (use: DerivedKey) => {
    let all = derived.get(use);
    if (!all) {
      all = accepted.map((key) => deriveFrom(key, use));
      derived.set(use, all);
    }
    return all;
  };
  return {
    currentId,
    ids: [...byId.keys()],
    derive: (use) => derivedAll(use)[0],
    derivedAll,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return `${SEALED_PREFIX}${currentId}:${parts.join(":")}`;
    },
    open(stored, context) {
      const parts = stored.split(":");
      if (!stored.startsWith(SEALED_PREFIX) || parts.length !== 5)
        throw new SecretUnreadable("the value is not sealed");
      const [, id, iv, tag, body] = parts;
      const key = byId.get(id);
      if (!key) throw new SecretUnreadable(`it was sealed with key ${id}, which is not configured`, id);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new SecretUnreadable(`key ${id} does not open it (the value was altered or moved)`, id);
      }
    },
  };
}

/** Where the key is kept: from configuration (config.ts's `secrets`). */
export interface SecretsKeySource {
  /** SECRETS_KEY: the current key (base64), and SECRETS_KEY_OLD: keys still accepted for reading. */
  key?: string;
  oldKeys: readonly string[];
  /** SECRETS_KEY_FILE, or DATA_DIR/secrets.key for the embedded database. */
  file: string;
  /** Whether `file` is the embedded database's default (made on first start when missing). */
  fileIsDefault: boolean;
  /** DATABASE_URL is set: no default file is made (several instances must share one key). */
  sharedDatabase: boolean;
}
