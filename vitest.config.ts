import { defineConfig } from "vitest/config";
import { SERVER_NODE_ARGS } from "./scripts/node-flags.mjs";
import { sharedResolve, TEST_WORKERS } from "./vitest.shared.ts";

// Two projects: fast unit + API integration tests (beside the code), and browser/process
// end-to-end tests against the production build (tests/e2e: a server per worker slot). One pool
// runs both, TEST_WORKERS files at a time (vitest runs projects of one worker count together).
export default defineConfig({
  resolve: sharedResolve,
  test: {
    // The run ends with its slowest files (tests/slowest-files-reporter.ts).
    reporters: ["default", "./tests/slowest-files-reporter.ts"],
    projects: [
      {
        resolve: sharedResolve,
        test: {
          name: "unit",
          maxWorkers: TEST_WORKERS,
          // The API tests open PGlite in their workers: the server's V8 flags (on Node 24 a worker
          // without --liftoff-only passes 700 MB while V8 recompiles PGlite in the background).
          execArgv: SERVER_NODE_ARGS,
          include: ["server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          // One migrated database (PGlite's dump, a PostgreSQL template) every API test copies.
          globalSetup: ["server/test/global-setup.ts"],
          environment: "node",
          // A guard against a hang, not a measure: workers beside each other stretch each test,
          // and the largest (every endpoint with every hostile value) take tens of seconds there.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: sharedResolve,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: TEST_WORKERS,
        },
      },
    ],
  },
});
