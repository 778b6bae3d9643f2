import type { Database } from "../db/client";
import { openKeyring, readKeyFile, writeKeyFile } from "./key-file";
import {
  createKeyring,
  type Keyring,
  newKeyText,
  parseKey,
  SecretsKeyError,
  type SecretsKeySource,
} from "./keyring";
import { protectSecrets, type SecretsReport, unreadableMessage } from "./protect";

export interface Rotation {
  report: SecretsReport;
  /** The key every secret is sealed with now. */
  currentId: string;
  /** Keys no secret needs any more. */
  retiredIds: string[];
  /** The key file rewritten (a key from a file), or undefined (SECRETS_KEY from the environment). */
  file?: string;
}

/**
 * `npm run secrets:rotate`: every secret sealed again with one key, after which the others are not
 * needed. With SECRETS_KEY, the operator chose the new key (and set the old one in
 * SECRETS_KEY_OLD): the secrets are sealed with SECRETS_KEY. With a key file, a new key is made and
 * written first in the file, the old ones kept after it while the secrets are sealed again, then
 * the file is written with the new key alone: a crash between leaves both keys in it, and the
 * command runs again. Secrets no key opens stop it (SecretsKeyError) unless `forgetUnreadable`.
 */
export async function rotateSecretsKey(
  db: Database,
  source: SecretsKeySource,
  options: { forgetUnreadable?: boolean } = {},
): Promise<Rotation> {
  const reseal = async (keyring: Keyring) => {
    const report = await protectSecrets(db, keyring, {
      reseal: true,
      forgetUnreadable: options.forgetUnreadable,
    });
    if (report.unreadable.length > 0) throw new SecretsKeyError(unreadableMessage(report, keyring));
    return report;
  };
  if (source.key) {
    const keyring = openKeyring(source);
    const report = await reseal(keyring);
    return { report, currentId: keyring.currentId, retiredIds: keyring.ids.slice(1) };
  }
  const old = openKeyring(source, { generate: false }); // a clear error when there is no file
  const oldTexts = readKeyFile(source.file).map((key) => key.toString("base64"));
  const fresh = newKeyText();
  writeKeyFile(source.file, [fresh, ...oldTexts], true);
  const extra = source.oldKeys.map((text) => parseKey(text) as Buffer);
  const keyring = createKeyring([parseKey(fresh) as Buffer, ...readKeyFile(source.file).slice(1), ...extra]);
  const report = await reseal(keyring);
  writeKeyFile(source.file, [fresh], true);
  return { report, currentId: keyring.currentId, retiredIds: old.ids.slice(), file: source.file };
}
