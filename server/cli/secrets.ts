import { parseArgs } from "node:util";
import { configOrExit } from "../config";
import { openDatabase } from "../db/client";
import { describeHolder } from "../db/data-lock";
import { SecretsKeyError } from "../secrets/keyring";
import { rotateSecretsKey } from "../secrets/rotate";

/**
 * npm run secrets:rotate [-- --forget-unreadable]
 *   Seals every secret in the database (TOTP and webhook signing secrets) again with one key
 *   (docs/secrets-key.md): with SECRETS_KEY set, that key (SECRETS_KEY_OLD: the old one, for
 *   reading); with a key file (DATA_DIR/secrets.key or SECRETS_KEY_FILE), a new key it writes.
 *   --forget-unreadable: secrets no key opens are reset (two-factor set up again by the account,
 *   a new webhook secret). The embedded database: stop the server first (it holds the old key).
 */
const USAGE = "Usage: npm run secrets:rotate [-- --forget-unreadable]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "forget-unreadable": { type: "boolean" } },
});
const command = positionals[0];
const config = configOrExit();
if (command !== "rotate") {
  console.error(USAGE);
  process.exit(2);
}

try {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lock: {
      command: "secrets rotate",
      waitMs: 0,
      onWait: (holder) =>
        console.error(`The database in ${config.dataDir} is in use by ${describeHolder(holder)}.`),
    },
  });
  try {
    const done = await rotateSecretsKey(database.db, config.secrets, {
      forgetUnreadable: values["forget-unreadable"],
    });
    const { report } = done;
    console.log(
      `${report.resealed + report.sealed} secret(s) sealed with key ${done.currentId}` +
        (report.forgotten ? `; ${report.forgotten} unreadable two-factor set-up(s) removed` : "") +
        (report.renewed ? `; ${report.renewed} webhook endpoint(s) given a new secret` : "") +
        ".",
    );
    console.log(
      done.file
        ? `The key file ${done.file} holds the new key alone: copy it to where you keep it apart from the backups. ` +
            "Backups made before now need the old key: keep it with them."
        : "Remove SECRETS_KEY_OLD and restart the instances: no secret needs the old key any more.",
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof SecretsKeyError) && !(error instanceof Error && "holder" in error)) throw error;
  console.error(
    "holder" in error ? `${error.message} Stop the server first: it holds the old key.` : error.message,
  );
  process.exit(1);
}
process.exit(0);
