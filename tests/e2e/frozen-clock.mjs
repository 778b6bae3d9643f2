// A browser test's preload (node --import, through NODE_OPTIONS): the server's "open now" fill
// reads the time from the file FROZEN_CLOCK_FILE names (an ISO instant the test writes), so the
// test moves the clock across a closing time. server/pages/clock.ts reads it; nothing else does.
import { readFileSync } from "node:fs";

const file = process.env.FROZEN_CLOCK_FILE;
if (file) globalThis[Symbol.for("fenland.test-clock")] = () => new Date(readFileSync(file, "utf8").trim());
