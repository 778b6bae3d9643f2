import { fileURLToPath } from "node:url";

/** Path aliases shared by the app build, the server bundle and the tests. */
export const sharedResolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "@common": fileURLToPath(new URL("./common", import.meta.url)),
  },
};

/**
 * Test files run side by side, unit, API and browser files in one pool: two on CI's two cores. Each
 * worker slot has a browser-test server of its own (tests/e2e/global-setup.ts; decision 0044).
 * Three took `npm test` to 11:15-13:17 against 16:36, but at a load average of 15-21 each of three
 * runs failed one browser test on a race the load exposed (each fixed at its cause, decision 0044).
 */
export const TEST_WORKERS = 2;
