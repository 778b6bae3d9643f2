import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { DataDirLockedError, describeHolder } from "./db/data-lock";
import { DEMO_DATABASE_TEMPLATE_DIR } from "./paths";

/**
 * A restarted server may start while the old process still drains (up to 10 s) or while an
 * administrator command briefly holds the embedded database: it waits this long for the lock.
 */
const DATA_LOCK_WAIT_MS = 15_000;

/**
 * The server's database, opened (and on PGlite migrated) under DATA_DIR's lock. The production
 * entry starts this before the app's code loads, so the template copy and PGlite's WebAssembly
 * start run while the server's modules are read and evaluated (start-up time). Stops the process
 * with one clear line when another process holds the embedded database.
 */
export function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrateInFirstStart: true,
    // The demo content was written by the build (server/db/build-template.ts): seeding finds it.
    template: config.seedDemo ? DEMO_DATABASE_TEMPLATE_DIR : undefined,
    lock: {
      command: "server",
      waitMs: DATA_LOCK_WAIT_MS,
      onWait: (holder) =>
        console.error(
          `The database in ${config.dataDir} is in use by ${describeHolder(holder)}; waiting up to ${DATA_LOCK_WAIT_MS / 1000} s for it to stop.`,
        ),
    },
  }).catch((error) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message} Stop that process first (a second one would corrupt the database).`);
    process.exit(1);
  });
}
