// npm run admin -- <create|reset-password|list>: runs the bundled CLI, bundling it first if needed.
import { existsSync } from "node:fs";
import { buildServer } from "./build-server.mjs";

if (!existsSync("build/server-app/admin.js")) await buildServer();
await import("../build/server-app/admin.js");
