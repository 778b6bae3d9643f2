import type { Database } from "../db/client";
import {
  openKeyring,
  RETIRED_KEY_GRACE_MS,
  readKeyFileEntries,
  retiredKeyLine,
  writeKeyFile,
} from "./key-file";
import {
  createKeyring,
  type Keyring,
  newKeyText,
  parseKey,
  SecretsKeyError,
  type SecretsKeySource,
} from "./keyring";
import { protectSecrets, type SecretsReport, unreadableMessage } from "./protect";
import { type Renewal, renewSecrets } from "./renew";

export interface Rotation {
  report: SecretsReport;
  /** With `renew`: what was made anew (webhook secrets, two-factor set-ups removed). */
  renewal?: Renewal;
  /** The key every secret is sealed with now. */
  currentId: string;
  /** Keys no secret needs any more. */
  retiredIds: string[];
  /** The key file rewritten (a key from a file), or undefined (SECRETS_KEY from the environment). */
  file?: string;
  /**
   * A key file: until when the replaced key still checks form tokens and quote cookies made
   * before (never with `renew`: a leaked key is dropped at once).
   */
  graceUntil?: Date;
  /** SECRETS_KEY with no older key beside it: the secrets were already sealed with it. */
  sameKey?: boolean;
}

/**
 * `npm run secrets:rotate`: every secret sealed again with one key, after which the others are not
 * needed. With SECRETS_KEY, the operator chose the new key (and set the old one in
 * SECRETS_KEY_OLD): the secrets are sealed with SECRETS_KEY. With a key file, a new key is made and
 * written first in the file, the old ones kept after it while the secrets are sealed again, then
 * the file is written with the new key and the old ones as retired lines (`<key> until <time>`,
 * for a form token's life: they check the form tokens and quote cookies of pages served before,
 * and open no secret): a crash between leaves both keys in it, and the command runs again.
 * Secrets no key opens stop it (SecretsKeyError) unless `forgetUnreadable` or `renew`.
 *
 * `renew` (a leaked key, docs/secrets-key.md): the secrets are made anew, not sealed again
 * (renew.ts), and the key file keeps the new key alone.
 */
export async function rotateSecretsKey(
  db: Database,
  source: SecretsKeySource,
  options: { forgetUnreadable?: boolean; renew?: boolean; now?: Date } = {},
): Promise<Rotation> {
  const now = options.now ?? new Date();
  const reseal = async (keyring: Keyring) => {
    const renewal = options.renew ? await renewSecrets(db, keyring) : undefined;
    const report = await protectSecrets(db, keyring, {
      reseal: true,
      forgetUnreadable: options.forgetUnreadable,
    });
    if (report.unreadable.length > 0) throw new SecretsKeyError(unreadableMessage(report, keyring));
    return { report, renewal };
  };
  if (source.key) {
    const keyring = openKeyring(source);
    const done = await reseal(keyring);
    return {
      ...done,
      currentId: keyring.currentId,
      retiredIds: keyring.ids.slice(1),
      sameKey: keyring.ids.length === 1,
    };
  }
  const old = openKeyring(source, { generate: false, now }); // a clear error when there is no file
  const entries = readKeyFileEntries(source.file);
  const stillRetired = entries.retired.filter((entry) => entry.until > now);
  const oldTexts = entries.keys.map((key) => key.toString("base64"));
  const fresh = newKeyText();
  const retiredLines = stillRetired.map((entry) => retiredKeyLine(entry.key, entry.until));
  writeKeyFile(source.file, [fresh, ...oldTexts, ...retiredLines], true);
  const extra = source.oldKeys.map((text) => parseKey(text) as Buffer);
  const keyring = createKeyring([parseKey(fresh) as Buffer, ...entries.keys, ...extra]);
  const done = await reseal(keyring);
  if (options.renew) {
    writeKeyFile(source.file, [fresh], true);
    return { ...done, currentId: keyring.currentId, retiredIds: old.ids.slice(), file: source.file };
  }
  const graceUntil = new Date(now.getTime() + RETIRED_KEY_GRACE_MS);
  writeKeyFile(
    source.file,
    [fresh, ...entries.keys.map((key) => retiredKeyLine(key, graceUntil)), ...retiredLines],
    true,
  );
  return {
    ...done,
    currentId: keyring.currentId,
    retiredIds: old.ids.slice(),
    file: source.file,
    graceUntil,
  };
}
