import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { baseURL } from "./browser";

const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/**
 * axe-core's WCAG 2.2 AA and best-practice violations on the page, as "rule: targets" lines. Use a
 * page from `axePage`: axe is injected as an inline script, which the page's CSP would rightly refuse.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(o?: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run({
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** A page for axe in the given theme; CSP is bypassed so axe's inline script may run. */
export async function axePage(browser: Browser, theme: string) {
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, reducedMotion: "reduce" });
  await context.addInitScript((dark) => localStorage.setItem("dark-theme", dark), String(theme === "dark"));
  return { page: await context.newPage(), context };
}
