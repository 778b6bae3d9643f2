import { parseArgs } from "node:util";
import { DomainError } from "../../common/errors";
import { isRole, ROLE_LABELS, ROLE_MESSAGES, ROLES } from "../../common/staff/roles";
import { configOrExit } from "../config";
import { openDatabase } from "../db/client";
import { describeHolder } from "../db/data-lock";
import { createAccountService } from "../services/staff/accounts";
import { createSecurityMail } from "../services/staff/security-mail";
import { createSessionService } from "../services/staff/sessions";

/**
 * npm run admin -- create --email E --password P [--role owner|desk|editor]   (an Owner unless named)
 * npm run admin -- reset-password --email E --password P   (also signs the account out everywhere)
 * npm run admin -- reset-two-factor --email E   (a lost authenticator: removes its two-factor sign-in,
 *   recovery codes and passkeys, and signs it out everywhere)
 * Both resets mail the account (server/services/staff/security-mail.ts).
 * npm run admin -- list
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database
 * is opened by one process at a time: while the server holds it, the command waits for it (the
 * operator restarts the server, and the command runs in between: the new server waits for it).
 */
const USAGE = `Usage: npm run admin -- <create|reset-password|reset-two-factor|list> [--email E --password P] [--role ${ROLES.join("|")}]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string" } },
});
const command = positionals[0];
const config = configOrExit();

if (!["create", "reset-password", "reset-two-factor", "list"].includes(command ?? "")) {
  console.error(USAGE);
  process.exit(2);
}
if (command === "reset-two-factor" && !values.email) {
  console.error(`${command} needs --email. ${USAGE}`);
  process.exit(2);
}
if (["create", "reset-password"].includes(command ?? "") && (!values.email || !values.password)) {
  console.error(`${command} needs --email and --password. ${USAGE}`);
  process.exit(2);
}

const role = values.role ?? "owner";
if (!isRole(role)) {
  console.error(`${ROLE_MESSAGES.invalidRole}. ${USAGE}`);
  process.exit(2);
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  lock: {
    command: `admin ${command}`,
    waitMs: Number.POSITIVE_INFINITY,
    onWait: (holder) =>
      console.error(
        `The database in ${config.dataDir} is in use by ${describeHolder(holder)}.\n` +
          "Waiting for it: restart or stop the server and this command runs in between (Ctrl+C gives up).",
      ),
  },
});
// A reset mails the account through the outbox: the server's worker sends it (at its next poll;
// with the embedded database, once the server starts again).
const securityMail = createSecurityMail({ siteUrl: config.siteUrl, wakeMail: () => {} });
const accounts = createAccountService(database.db, createSessionService(database.db), securityMail);
let code = 0;
try {
  if (command === "create") {
    const account = await accounts.create(values.email!, values.password!, role);
    console.log(`Created administrator ${account.email} (${ROLE_LABELS[account.role]})`);
  } else if (command === "reset-password") {
    await accounts.resetPassword(values.email!, values.password!);
    console.log(`Password reset for ${values.email!.toLowerCase()}; every session of it is signed out`);
  } else if (command === "reset-two-factor") {
    await accounts.resetStrongSignIn(values.email!, "npm run admin");
    console.log(
      `Two-factor sign-in, recovery codes and passkeys removed for ${values.email!.toLowerCase()}; every session of it is signed out`,
    );
  } else {
    for (const account of await accounts.list()) console.log(account.email);
  }
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
