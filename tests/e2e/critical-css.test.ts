import { PUBLIC_PAGES } from "@common/content/pages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

// Public pages (cached, and /book rendered for each visitor) carry only the rules their elements
// use (server/pages/critical-css.ts) and load the whole stylesheet after their first paint
// (app/lib/paint-first.server.ts).

let browser: Browser;
let pages: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  const { result } = await (await fetch(`${baseURL()}/api/blog?limit=1&fields=summary`)).json();
  // Every public page and a post: the cached ones cut by the page cache, /book (rendered for each
  // visitor, isLivePage) as it is sent. With a day chosen, /book is its second step's shape.
  pages = [...PUBLIC_PAGES, `/blog/${result[0]._id}`];
  const book = await (await fetch(`${baseURL()}/book`)).text();
  const day = /href="\/book\?day=([\d-]+)"/.exec(book)?.[1];
  if (day) pages.push(`/book?day=${day}`);
  // The second request of each cached page is served from the page cache.
  for (const path of pages) await fetch(`${baseURL()}${path}`);
});
afterAll(() => browser?.close());

/**
 * Every computed property (custom properties aside) of every element and its ::before/::after,
 * with every animation at its end (the landing popup fades in). Kept in the page under `name`;
 * with `compare`, answers the elements whose styles differ from that snapshot's.
 */
const snapshotStyles = (page: Page, name: string, compare?: string) =>
  page.evaluate(
    ([name, compare]) => {
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          animation.cancel(); // an endless one (a spinner)
        }
      }
      const styles = [...document.querySelectorAll("body, body *")]
        .filter((element) => !["SCRIPT", "STYLE", "LINK"].includes(element.tagName))
        .map((element) => {
          const values = [null, "::before", "::after"].map((pseudo) => {
            const style = getComputedStyle(element, pseudo);
            // A pseudo-element without content is not drawn.
            if (pseudo && style.content === "none") return "none";
            return [...style]
              .filter((property) => !property.startsWith("--"))
              .map((property) => `${property}:${style.getPropertyValue(property)}`)
              .join(";");
          });
          return `${element.tagName}.${element.getAttribute("class")} ${values.join(" | ")}`;
        });
      const kept = window as unknown as Record<string, string[]>;
      kept[name] = styles;
      return {
        elements: styles.length,
        differing: compare
          ? styles.filter((style, i) => style !== kept[compare][i]).map((s) => s.slice(0, 80))
          : [],
      };
    },
    [name, compare] as const,
  );

describe("critical stylesheet of public pages", () => {
  it.each(["dark", "light"])(
    "styles every element of every public page exactly as the whole stylesheet does (%s theme)",
    async (theme) => {
      const { page, context } = await newPage(browser, { width: 390 });
      await context.addInitScript(
        (dark) => localStorage.setItem("dark-theme", dark),
        String(theme === "dark"),
      );
      // Neither the scripts nor the whole stylesheet: the page as first painted.
      await context.route(/\/assets\/.+\.(js|css)$/, (route) => route.abort());
      try {
        for (const path of pages) {
          await page.goto(path);
          const cached = await page.evaluate(() => {
            const style = document.querySelector<HTMLStyleElement>("style[data-critical]");
            return style && { href: style.dataset.stylesheet ?? "", length: style.textContent?.length ?? 0 };
          });
          expect(cached, path).toBeTruthy();
          const whole = await (await fetch(`${baseURL()}${cached?.href}`)).text();
          expect(cached?.length, path).toBeLessThan(whole.length * 0.6);
          const critical = await snapshotStyles(page, "critical");
          await page.addStyleTag({ content: whole });
          const full = await snapshotStyles(page, "full", "critical");
          expect(critical.elements, path).toBeGreaterThan(100);
          expect(full.elements, path).toBe(critical.elements);
          expect(full.differing, path).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );

  it("fetches no script before the page's largest paint is on screen", async () => {
    const { page, context, errors } = await newPage(browser, { width: 390 });
    try {
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          const w = window as unknown as { firstLargestPaint?: number };
          w.firstLargestPaint ??= list.getEntries()[0]?.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      const least: Record<string, number> = { "/": 0, "/contact": 1, "/quote": 1 };
      for (const path of Object.keys(least)) {
        await page.goto(path);
        await waitForHydration(page);
        const { painted, scripts } = await page.evaluate(() => ({
          painted: (window as unknown as { firstLargestPaint?: number }).firstLargestPaint ?? Number.NaN,
          scripts: performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
            .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
        }));
        // / has the page script alone (no React: docs/decisions/0043-html-first-pages.md); /contact
        // its form's island too; the quote its wizard's island.
        expect(scripts.length, path).toBeGreaterThan(least[path] ?? 0);
        // The page script, the island and their preloads stay inert until then
        // (app/lib/paint-first.server.ts).
        for (const script of scripts)
          expect(script.startTime, `${path}: ${script.name}`).toBeGreaterThan(painted);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("loads the whole stylesheet before the page's scripts run", async () => {
    const { page, context, errors } = await newPage(browser, { width: 390 });
    try {
      const requests: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url()).pathname;
        if (url.startsWith("/assets/")) requests.push(url);
      });
      await page.goto("/about");
      await waitForHydration(page);
      const stylesheet = requests.findIndex((url) => url.endsWith(".css"));
      expect(stylesheet).toBeGreaterThanOrEqual(0);
      const sheets = await page.evaluate(() =>
        [...document.styleSheets].map((sheet) => sheet.href ?? "inline"),
      );
      expect(sheets).toEqual(["inline", `${baseURL()}${requests[stylesheet]}`]);
      // What only scripts show is styled: the mobile menu's panel, min(22rem, 88vw) wide.
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.waitFor();
      expect(await menu.evaluate((element) => element.getBoundingClientRect().width)).toBeCloseTo(
        390 * 0.88,
        0,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
