import { DESK_MESSAGES } from "@common/leads/desk";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { adminPage, open, setUpBrowser } from "./admin";
import { baseURL, waitForHydration } from "./browser";
import { sendEnquiry } from "./form-tokens";

/** Issue 29: the dashboard agrees with itself, the sidebar runs the page's height, the funnel counts once. */
const browser = setUpBrowser();

/** 'New enquiries waiting' and this week's total in the weekly chart's table. */
async function figures(page: Page) {
  await open(page, "/admin/dashboard");
  const waiting = page.locator(".card", { hasText: DESK_MESSAGES.waiting }).locator("p.text-3xl");
  // The weekly chart's table, by its caption: the dashboard has other tables after it (the
  // pipeline's, the week's reviews), whose last cell is no count.
  const chartTable = page.locator("table", {
    has: page.locator("caption", { hasText: DESK_MESSAGES.chartTitle }),
  });
  const thisWeek = chartTable.locator("tbody tr").last().locator("td").last();
  const week = Number(await thisWeek.textContent());
  expect(Number.isInteger(week)).toBe(true);
  return { waiting: Number(await waiting.textContent()), week };
}

describe("the dashboard", () => {
  it("changes its figures as soon as enquiries do: the waiting count and the weekly chart together", async () => {
    const { page, context, errors } = await adminPage({ width: 1280, height: 900 });
    const before = await figures(page);
    const res = await sendEnquiry(baseURL(), "/api/contact", { ...VALID_CONTACT, name: "Dashboard Figures" });
    expect(res.status).toBe(201);
    // Not a minute later: at once, and both figures move together.
    const after = await figures(page);
    expect(after).toEqual({ waiting: before.waiting + 1, week: before.week + 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(["/admin/dashboard", "/admin/dashboard/insights"])(
    "runs the sidebar's background the full height of a tall page (%s)",
    async (path) => {
      const { page, context } = await adminPage({ width: 1280, height: 500 });
      await open(page, path);
      const sidebar = page.getByTestId("admin-sidebar");
      const [box, pageHeight, viewport] = await Promise.all([
        sidebar.boundingBox(),
        page.evaluate(() => document.documentElement.scrollHeight),
        page.evaluate(() => window.innerHeight),
      ]);
      expect(pageHeight).toBeGreaterThan(viewport);
      expect(box?.y).toBe(0);
      expect(Math.round(box?.height ?? 0)).toBe(pageHeight);
      // Scrolled to the bottom, the links are still in view beside the content.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole("navigation", { name: "Dashboard" }).isVisible()).resolves.toBe(true);
      const background = await page.evaluate(() => {
        const element = document.elementFromPoint(10, window.innerHeight - 5);
        return element
          ? getComputedStyle(element.closest('[data-testid="admin-sidebar"]') ?? element).backgroundColor
          : "";
      });
      const sidebarBackground = await sidebar.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      expect(background).toBe(sidebarBackground);
      await context.close();
    },
  );
});

describe("the quote funnel", () => {
  it("counts each step once per visit: step 6 is not reported again when the wizard resets after a submission", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), reducedMotion: "reduce" });
    const page = await context.newPage();
    const stages: string[] = [];
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/insights" && url.searchParams.get("f") === "quote")
        stages.push(url.searchParams.get("s") ?? "");
    });
    await page.goto("/quote");
    await waitForHydration(page);
    const next = () => page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Farming", { exact: true }).click();
    await next();
    await page.waitForURL(/\/quote\/2$/);
    await page.getByLabel("Waste type").fill("Vegetable peelings");
    await next();
    await page.waitForURL(/\/quote\/3$/);
    await page.getByLabel("Other frequency").fill("Twice a week");
    await next();
    await page.waitForURL(/\/quote\/4$/);
    await page.getByLabel("Post code").fill("PE1 5XG");
    await next();
    await page.waitForURL(/\/quote\/5$/);
    await page.getByLabel("Name").fill("Funnel Once");
    await page.getByLabel("Email").fill("funnel-once@example.co.uk");
    await page.getByLabel("Phone").fill("01733 222 333");
    await next();
    await page.waitForURL(/\/quote\/6$/);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog").waitFor();
    // The wizard's draft resets a few seconds after the submission (QUOTE_RESET_MS): wait past it.
    await expect.poll(() => stages.includes("submitted"), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(5_000);
    const counts = Object.fromEntries(
      ["1", "2", "3", "4", "5", "6"].map((s) => [s, stages.filter((x) => x === s).length]),
    );
    expect(counts).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
    await context.close();
  });
});
