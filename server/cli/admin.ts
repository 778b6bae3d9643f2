import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { configOrExit } from "../server";
import { AccountError, createAccountService } from "../services/accounts";
import { createSessionService } from "../services/sessions";

/**
 * npm run admin -- create --email E --password P
 * npm run admin -- reset-password --email E --password P   (also signs the account out everywhere)
 * npm run admin -- list
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database
 * can be opened by one process at a time: stop the server first when using it.
 */
const USAGE = "Usage: npm run admin -- <create|reset-password|list> [--email E --password P]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, password: { type: "string" } },
});
const command = positionals[0];
const config = configOrExit();

if (!["create", "reset-password", "list"].includes(command ?? "")) {
  console.error(USAGE);
  process.exit(2);
}
if (command !== "list" && (!values.email || !values.password)) {
  console.error(`${command} needs --email and --password. ${USAGE}`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const accounts = createAccountService(database.db, createSessionService(database.db));
let code = 0;
try {
  if (command === "create") {
    const account = await accounts.create(values.email!, values.password!);
    console.log(`Created administrator ${account.email}`);
  } else if (command === "reset-password") {
    await accounts.resetPassword(values.email!, values.password!);
    console.log(`Password reset for ${values.email!.toLowerCase()}; every session of it is signed out`);
  } else {
    for (const account of await accounts.list()) console.log(account.email);
  }
} catch (error) {
  if (!(error instanceof AccountError)) throw error;
  console.error(error.message);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
