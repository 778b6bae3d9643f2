import type { ExportFile } from "../db/portable";
import { openKeyring } from "./key-file";
import { isSealed, type Keyring, keyIdIn, SecretsKeyError, type SecretsKeySource } from "./keyring";

/** The columns that hold a sealed secret, by table (server/secrets/protect.ts seals them). */
const SEALED_COLUMNS: Record<string, string> = { admin_two_factor: "secret", webhook_endpoints: "secret" };

/**
 * The keyring an import or restore of `file` needs, checked before anything is written: a backup's
 * sealed secrets need the key they were sealed with (never made up here: the message says where
 * to put it); an export's secrets left out (or a file from before sealing) need a key to seal the
 * new ones with, made for the embedded database like a first start. Undefined: no secrets at all.
 */
export function keyringForImport(file: ExportFile, source: SecretsKeySource): Keyring | undefined {
  const values = Object.entries(SEALED_COLUMNS).flatMap(([table, column]) =>
    (file.tables[table] ?? []).map((row) => String(row[column] ?? "")),
  );
  if (values.length === 0) return undefined;
  const needed = [...new Set(values.filter(isSealed).map((value) => keyIdIn(value) as string))];
  if (needed.length === 0) return openKeyring(source, { generate: true });
  let keyring: Keyring;
  try {
    keyring = openKeyring(source, { generate: false });
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    throw new SecretsKeyError(
      `${error.message}. The file's secrets were sealed with key ${needed.join(", ")}: restore with ` +
        "that key (the old site's secrets.key, SECRETS_KEY or SECRETS_KEY_OLD; docs/secrets-key.md)",
    );
  }
  const missing = needed.filter((id) => !keyring.ids.includes(id));
  if (missing.length > 0)
    throw new SecretsKeyError(
      `The file's secrets were sealed with key ${missing.join(", ")}, but the configured secrets key is ` +
        `${keyring.ids.join(", ")}: restore with the key they were sealed with (the old site's ` +
        "secrets.key, SECRETS_KEY or SECRETS_KEY_OLD; docs/secrets-key.md). Nothing was imported.",
    );
  return keyring;
}
