import { parseArgs } from "node:util";
import { configOrExit } from "../config";
import { openDatabase } from "../db/client";
import { describeHolder } from "../db/data-lock";
import { SecretsKeyError } from "../secrets/keyring";
import { rotateSecretsKey } from "../secrets/rotate";

/**
 * npm run secrets:rotate [-- --renew] [-- --forget-unreadable]
 *   Seals every secret in the database (TOTP and webhook signing secrets) again with one key
 *   (docs/secrets-key.md): with SECRETS_KEY set, that key (SECRETS_KEY_OLD: the old one, for
 *   reading); with a key file (DATA_DIR/secrets.key or SECRETS_KEY_FILE), a new key it writes.
 *   The form tokens' and quote cookie's keys are derived from it, so they are new too.
 *   --renew (a leaked key): the secrets themselves are made anew: every webhook endpoint a new
 *   secret (the Owner rotates it on Integrations to see one), every account with an authenticator
 *   app enrols again; none is printed. --forget-unreadable: secrets no key opens are reset
 *   (two-factor set up again by the account, a new webhook secret). The embedded database: stop
 *   the server first (it holds the old key).
 */
const USAGE = "Usage: npm run secrets:rotate [-- --renew] [-- --forget-unreadable]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "forget-unreadable": { type: "boolean" }, renew: { type: "boolean" } },
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
    const renew = values.renew === true;
    const done = await rotateSecretsKey(database.db, config.secrets, {
      forgetUnreadable: values["forget-unreadable"],
      renew,
    });
    const { report, renewal } = done;
    console.log(
      `${report.resealed + report.sealed} secret(s) sealed with key ${done.currentId}` +
        (report.forgotten ? `; ${report.forgotten} unreadable two-factor set-up(s) removed` : "") +
        (report.renewed ? `; ${report.renewed} webhook endpoint(s) given a new secret` : "") +
        ".",
    );
    if (renewal)
      console.log(
        `Renewed: ${renewal.endpoints} webhook endpoint(s) given a new secret (an Owner rotates each on ` +
          "Integrations to see one and gives it to the receiver, which rejects the site's webhooks until then); " +
          `${renewal.accounts} account(s) with an authenticator app signed out, to set up two-factor sign-in ` +
          "again at their next sign-in. Tell them why.",
      );
    if (done.file)
      console.log(
        `The key file ${done.file} holds the new key` +
          (done.graceUntil
            ? ` (and the old one, until ${done.graceUntil.toISOString()}, for the forms' tokens and quote answers of pages served before: it opens no secret)`
            : " alone") +
          ": copy it to where you keep it apart from the backups.",
      );
    else if (renew)
      console.log(
        done.sameKey
          ? "SECRETS_KEY is the key the secrets were sealed with before: if it leaked, set a new SECRETS_KEY (the old one in SECRETS_KEY_OLD) and run this again, since the form tokens and quote cookies are keyed from it."
          : "Remove SECRETS_KEY_OLD and restart the instances now: a leaked key must not be accepted.",
      );
    else
      console.log(
        "Remove SECRETS_KEY_OLD and restart the instances: no secret needs the old key any more " +
          "(a day later, form tokens of pages served before are past their life too).",
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
