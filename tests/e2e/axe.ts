import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/**
 * axe-core's WCAG 2.2 AA and best-practice violations on the page, as "rule: targets" lines.
 * axe is injected as an inline script: open the page in a context with `bypassCSP: true`.
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
