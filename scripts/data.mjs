// npm run db:export|db:import|backup|restore: runs the bundled data CLI, bundling it first if needed.
import { existsSync } from "node:fs";
import { buildServer } from "./build-server.mjs";

if (!existsSync("build/server-app/data.js")) await buildServer();
await import("../build/server-app/data.js");
