import { defineConfig } from "vitest/config";
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
        },
      },
    ],
  },
});
