import { fileURLToPath } from "node:url";

/** Path aliases shared by the app build, the server bundle and the tests. */
export const sharedResolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "@common": fileURLToPath(new URL("./common", import.meta.url)),
  },
};

/**
 * Test files run side by side, unit, API and browser files in one pool: three on CI's two cores,
 * since a file waiting on PostgreSQL, a timer, a browser or a child process leaves a core idle. Each
 * worker slot has a browser-test server of its own (tests/e2e/global-setup.ts; decision 0044).
 */
export const TEST_WORKERS = 3;
