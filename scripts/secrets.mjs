// npm run secrets:rotate: runs the bundled secrets CLI (bundling it first if needed) under the
// server's node flags: it opens the same embedded database (docs/secrets-key.md).
import { existsSync } from "node:fs";
import { buildServer } from "./build-server.mjs";
import { runUnderServerFlags } from "./node-flags.mjs";

if (!existsSync("build/server-app/secrets.js")) await buildServer();
runUnderServerFlags("build/server-app/secrets.js", process.argv.slice(2));
