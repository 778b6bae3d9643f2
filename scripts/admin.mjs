// npm run admin -- <create|reset-password|list>: runs the bundled CLI (bundling it first if needed)
// under the server's node flags: it opens the same embedded database.
import { existsSync } from "node:fs";
import { buildServer } from "./build-server.mjs";
import { runUnderServerFlags } from "./node-flags.mjs";

if (!existsSync("build/server-app/admin.js")) await buildServer();
runUnderServerFlags("build/server-app/admin.js", process.argv.slice(2));
