/**
 * The clock the "open now" fill reads (form-token.ts, pages.ts): the real one, except under a
 * browser test that freezes it. A test starts the built server with a preload
 * (`node --import tests/e2e/frozen-clock.mjs`), which puts its clock on the process under
 * TEST_CLOCK before any of the server's code runs; main.ts hands it to the pages' options. There is
 * no setting, header or query for it: only code already running inside the process could set it.
 */
export const TEST_CLOCK = Symbol.for("fenland.test-clock");

/** The preloaded test clock, if a test started this process with one. */
export function preloadedClock(): (() => Date) | undefined {
  const clock = (globalThis as Record<symbol, unknown>)[TEST_CLOCK];
  return typeof clock === "function" ? (clock as () => Date) : undefined;
}
