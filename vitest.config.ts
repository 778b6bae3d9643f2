import { defineConfig } from "vitest/config";
import { SERVER_NODE_ARGS } from "./scripts/node-flags.mjs";
import { sharedResolve } from "./vitest.shared.ts";

// Two projects: fast unit + API integration tests (beside the code), and browser/process
// end-to-end tests against the production build (tests/e2e, one server started once).
export default defineConfig({
  resolve: sharedResolve,
  test: {
    projects: [
      {
        resolve: sharedResolve,
        test: {
          name: "unit",
          // The API tests open PGlite in their workers: the server's V8 flags (on Node 24 a worker
          // without --liftoff-only passes 700 MB while V8 recompiles PGlite in the background).
          execArgv: SERVER_NODE_ARGS,
          include: ["server/**/*.test.ts", "common/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
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
          fileParallelism: false,
          // A browser test that fails is run once more before the run fails: with the unit tests'
          // PGlite workers on the same two cores, one in about 1,200 has timed out in CI (the staff
          // invitation's refusal, in the run of 590f404; 3 of 3 passed alone). A test that fails
          // twice still fails the run, and vitest reports the retry.
          retry: 1,
        },
      },
    ],
  },
});
