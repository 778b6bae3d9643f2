import { loadConfig } from "../config";
import { DATABASE_TEMPLATE_DIR, DEMO_DATABASE_TEMPLATE_DIR } from "../paths";
import { newKeyText } from "../secrets/keyring";
import { seedDemoContentOnce } from "../seed/seed";
import { buildDatabaseTemplate } from "./template-build";

/**
 * `npm run build`: the initialised, migrated, empty embedded database that first starts copy, and
 * the same with the demo content (SEED_DEMO=1, the default), so a first start neither runs initdb
 * nor renders the demo illustrations with sharp (about 25 MB of resident memory and a few hundred
 * milliseconds of CPU: docs/decisions/0026-budgets.md).
 */
await buildDatabaseTemplate(DATABASE_TEMPLATE_DIR);
await buildDatabaseTemplate(DEMO_DATABASE_TEMPLATE_DIR, (database) =>
  // A key of the moment: the demo content holds no secret, and no key file is made at build time.
  seedDemoContentOnce(database.db, loadConfig({ SEED_DEMO: "1", SECRETS_KEY: newKeyText() })),
);
