// npm start: serve the production build, building it first when there is none, under the server's
// node flags (scripts/node-flags.mjs).
import { runUnderServerFlags } from "./node-flags.mjs";
import { ensureBuild, SERVER_ENTRY } from "./server-process.mjs";

ensureBuild();
runUnderServerFlags(SERVER_ENTRY);
