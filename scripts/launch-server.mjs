// build/server-app/start.js (bundled by scripts/build-server.mjs): the container's command. Starts
// the server beside it under the flags of scripts/node-flags.mjs.
import { fileURLToPath } from "node:url";
import { runUnderServerFlags } from "./node-flags.mjs";

runUnderServerFlags(fileURLToPath(new URL("./main.js", import.meta.url)), process.argv.slice(2));
