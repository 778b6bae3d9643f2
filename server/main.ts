import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loggableError } from "./log-safety";
import { CLIENT_BUILD_DIR, SERVER_BUILD_FILE } from "./paths";
import { configOrExit, startServer } from "./server";

/** Production entry: serves build/ (made by `npm run build`). */
const config = configOrExit();
if (!existsSync(SERVER_BUILD_FILE)) {
  console.error("No production build found: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
// The React Router build loads while the database opens.
const pages = import(pathToFileURL(SERVER_BUILD_FILE).href).then((build: ServerBuild) => ({
  build,
  clientDir: CLIENT_BUILD_DIR,
  mode: "production" as const,
}));
pages.catch(() => {}); // startServer awaits it (and closes the database if it failed)
await startServer(config, pages).catch((error) => {
  console.error(loggableError(error));
  process.exit(1);
});
