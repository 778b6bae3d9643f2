import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { configOrExit } from "./config";
import { loggableError } from "./log-safety";
import { preloadedClock } from "./pages/clock";
import { CLIENT_BUILD_DIR, SERVER_BUILD_FILE } from "./paths";
import { openKeyring } from "./secrets/key-file";
import { SecretsKeyError } from "./secrets/keyring";
import { openServerDatabase } from "./server-database";

/** Production entry: serves build/ (made by `npm run build`). */
const config = configOrExit();
// A configured secrets key is checked before the database is touched: a missing or wrong one stops
// the start with one line (the embedded database's default key file is made later, beside it).
if (config.databaseUrl || !config.secrets.fileIsDefault) {
  try {
    openKeyring(config.secrets);
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
if (!existsSync(SERVER_BUILD_FILE)) {
  console.error("No production build found: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
// First the database, then the code: the lock and the template's copy and flush (child
// processes) proceed while the app's modules and the React Router build load; PGlite's own start
// follows on this thread (decision 0033).
const database = openServerDatabase(config);
const pages = import(pathToFileURL(SERVER_BUILD_FILE).href).then((build: ServerBuild) => ({
  build,
  clientDir: CLIENT_BUILD_DIR,
  mode: "production" as const,
  // A browser test's frozen clock for "open now" (server/pages/clock.ts); none in production.
  clock: preloadedClock(),
}));
// startServer awaits both (and closes the database when the pages or the app fail).
database.catch(() => {});
pages.catch(() => {});
const { startServer } = await import("./server");
await startServer(config, pages, database).catch((error) => {
  // A missing or wrong secrets key: one line saying what to do (docs/secrets-key.md).
  console.error(error instanceof SecretsKeyError ? error.message : loggableError(error));
  process.exit(1);
});
