// JavaScript each public page loads on a first visit (Chromium), counted as the brotli files
// under build/client that the server sends for them.
import { existsSync, statSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.mjs";

/** `{ path: kilobytes }`. */
export async function scriptKilobytesPerPage(base, paths) {
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
  const sizes = {};
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(base + path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    let bytes = 0;
    for (const script of scripts) {
      const file = `build/client${script}`;
      bytes += statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
    }
    sizes[path] = Math.round(bytes / 102.4) / 10;
    await context.close();
  }
  await browser.close();
  return sizes;
}
