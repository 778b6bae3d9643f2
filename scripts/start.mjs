// npm start: serve the production build, building it first when there is none.
import { ensureBuild } from "./server-process.mjs";

ensureBuild();
await import("../build/server-app/main.js");
