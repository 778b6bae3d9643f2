import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/chromium.mjs";

/**
 * Chromium, headless, with no background traffic (the machine has no internet): CHROMIUM_PATH,
 * else Debian's, else @sparticuz/chromium's (scripts/chromium.mjs).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
}

/** This file's server: the one of its worker slot (tests/e2e/global-setup.ts). */
function slotServer() {
  const servers = inject("servers");
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
}
export const baseURL = () => slotServer().url;
/** The data directory of this file's server (its mail files, its backups). */
export const dataDir = () => slotServer().dataDir;

/** A page in a fresh context; collects script errors into `errors`. */
export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    javaScriptEnabled?: boolean;
    reducedMotion?: "reduce" | "no-preference";
  } = {},
) {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "reduce",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, context, errors };
}

/** Waits until React has hydrated the page (entry.client marks the document). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
