import { execSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";
import { TEST_WORKERS } from "../../vitest.shared.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker slot (VITEST_POOL_ID): a file has its slot's server to itself. */
    servers: Array<{ url: string; dataDir: string }>;
  }
}

export const E2E_ADMIN = { email: "e2e-admin@example.co.uk", password: "e2e-password-123" };

let servers: RunningServer[] = [];

/**
 * Builds the production bundle once and starts one server on the embedded database per worker
 * slot (TEST_WORKERS, vitest.config.ts): files run side by side, each on its slot's server, which
 * no other file uses while it runs (decision 0044).
 */
export async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test; the build must be the production one the site ships. CI builds it
  // once before the tests and the budgets (E2E_BUILD=ready: build/ is this checkout's).
  if (process.env.E2E_BUILD !== "ready")
    execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  const start = () =>
    startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      // Every browser test's visitor comes from 127.0.0.1: at the default limit the spam check's
      // per-client rate (a sixth of it per 10 minutes) scores the suite's own enquiries as Spam.
      ENQUIRY_RATE_LIMIT: "1000",
      // The webhooks' browser test receives on 127.0.0.1: the operator allows private addresses.
      WEBHOOK_ALLOW_PRIVATE: "1",
    });
  servers = await Promise.all(Array.from({ length: TEST_WORKERS }, start));
  project.provide(
    "servers",
    servers.map(({ url, dataDir }) => ({ url, dataDir })),
  );
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
}
