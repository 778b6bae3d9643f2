import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { configOrExit } from "./config";
import { startServer } from "./server";
import { openServerDatabase } from "./server-database";

/** Development entry: Vite in middleware mode, hot reload, server code from source. */
const config = configOrExit(true);
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
await startServer(
  config,
  {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    devMiddleware: vite.middlewares,
  },
  openServerDatabase(config),
);
