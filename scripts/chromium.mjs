// The one Chromium of the browser tests, the byte budgets and the Lighthouse bench. CHROMIUM_PATH
// when set; else Debian's /usr/bin/chromium when installed; else the Chromium of the npm package
// @sparticuz/chromium (a devDependency), decompressed into the system's temporary directory on
// first use, so a fresh machine needs Node alone.
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Flags for headless runs on a machine without internet: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

let resolved;

/** The path of the Chromium executable to use (see above). */
export function chromiumPath() {
  resolved ??= (async () => {
    const chosen = process.env.CHROMIUM_PATH;
    if (chosen) {
      if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH names ${chosen}, which does not exist.`);
      return chosen;
    }
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    const { default: packaged } = await import("@sparticuz/chromium");
    return packaged.executablePath();
  })();
  return resolved;
}
