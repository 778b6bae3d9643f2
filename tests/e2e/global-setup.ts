import { execSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export const E2E_ADMIN = { email: "e2e-admin@example.co.uk", password: "e2e-password-123" };

let server: RunningServer | undefined;

/** Builds the production bundle once and serves it on the embedded database for every e2e file. */
export async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test; the build must be the production one the site ships.
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  server = await startBuiltServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: "1",
  });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
