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
    // Every browser test's visitor comes from 127.0.0.1: at the default limit the spam check's
    // per-client rate (a sixth of it per 10 minutes) scores the suite's own enquiries as Spam.
    ENQUIRY_RATE_LIMIT: "1000",
    // The webhooks' browser test receives on 127.0.0.1: the operator allows private addresses.
    WEBHOOK_ALLOW_PRIVATE: "1",
  });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
