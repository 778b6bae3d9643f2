import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { CLIENT_BUILD_DIR, SERVER_BUILD_FILE } from "./paths";
import { configOrExit, startServer } from "./server";

/** Production entry: serves build/ (made by `npm run build`). */
const config = configOrExit();
if (!existsSync(SERVER_BUILD_FILE)) {
  console.error("No production build found: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
const build = (await import(pathToFileURL(SERVER_BUILD_FILE).href)) as ServerBuild;
await startServer(config, { build, clientDir: CLIENT_BUILD_DIR, mode: "production" }).catch((error) => {
  console.error(error);
  process.exit(1);
});
