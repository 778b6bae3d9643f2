// npm start: serve the production build, building it first when there is none.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || !existsSync("build/server-app/main.js")) {
  console.log("No production build yet: building (about a minute)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../build/server-app/main.js");
