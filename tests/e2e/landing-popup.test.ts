import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPUP_EXIT_MS } from "../../common/ui";
import { adminApi, adminContext, setUpBrowser, uniqueTitle } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, newPage, waitForHydration } from "./browser";

const CONTENT = "Our team reviews your waste streams for free.";
const browser = setUpBrowser();
let api: Awaited<ReturnType<typeof adminApi>>;
let title: string;
let popupId: string;

beforeAll(async () => {
  api = await adminApi();
  title = uniqueTitle("Free review");
  popupId = await api.createPopup(title, CONTENT);
  await api.activate(popupId);
});
afterAll(async () => {
  await api?.remove(popupId);
  await api?.dispose();
});

const popup = (page: Page) => page.getByRole("dialog", { name: title });

describe("landing popup", () => {
  it("is in the server-rendered page with title, content and 'Book Your Free Review Now' to /contact", async () => {
    const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    await popup(page).waitFor();
    expect(await popup(page).textContent()).toContain(CONTENT);
    const link = popup(page).getByRole("link", { name: "Book Your Free Review Now" });
    expect(await link.getAttribute("href")).toBe("/contact");
    await popup(page).getByRole("button", { name: "Close" }).waitFor();
    await context.close();
  });

  it("closes without JavaScript ('Close' is a method=dialog form)", async () => {
    const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    await popup(page).getByRole("button", { name: "Close" }).click();
    await popup(page).waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${baseURL()}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.close();
  });

  it("takes focus after hydration, and its link leads to /contact", async () => {
    const { page, context, errors } = await newPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog, [role="dialog"]')))
      .toBe(true);
    await popup(page).getByRole("link", { name: "Book Your Free Review Now" }).click();
    await page.waitForURL(`${baseURL()}/contact`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Close' plays the 1.8 s exit animation, gives focus back, then removes it", async () => {
    const { page, context } = await newPage(browser(), { reducedMotion: "no-preference" });
    await page.goto("/");
    await waitForHydration(page);
    await popup(page).getByRole("button", { name: "Close" }).click();
    const closedAt = Date.now();
    const card = page.locator('[data-phase="closing"]');
    expect(
      await card.evaluate((el) => el.getAnimations().map((a) => (a as CSSAnimation).animationName)),
    ).toContain("landing-popup-exit");
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog, [role="dialog"]'))).toBe(
      false,
    );
    await card.waitFor({ state: "detached", timeout: POPUP_EXIT_MS + 3000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(POPUP_EXIT_MS - 200);
    await context.close();
  });

  it("with reduced motion, Escape inside closes it and it is still removed after the exit delay", async () => {
    const { page, context } = await newPage(browser(), { reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog, [role="dialog"]')))
      .toBe(true);
    await page.keyboard.press("Escape");
    await page.locator('[data-phase="closing"]').waitFor({ state: "attached" });
    await popup(page).waitFor({ state: "detached", timeout: POPUP_EXIT_MS + 3000 });
    await context.close();
  });

  it("shifts no layout and leaves the header, menu and cookie banner usable", async () => {
    const { page, context } = await newPage(browser(), { width: 360, height: 740 });
    await page.goto("/");
    await waitForHydration(page);
    await popup(page).waitFor();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close menu" }).click();
    await page.getByRole("button", { name: "Reject Cookies" }).click();
    await page.getByRole("region", { name: "Cookie consent" }).waitFor({ state: "detached" });
    await context.close();
  });

  it.each(["dark", "light"] as const)(
    "axe finds no violations on / with the popup in the %s theme",
    async (theme) => {
      const { page, context } = await adminContext({ theme });
      await page.goto("/");
      await waitForHydration(page);
      await popup(page).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it("is absent when no popup is active", async () => {
    await api.deactivate(popupId);
    try {
      const { page, context } = await newPage(browser());
      await page.goto("/");
      await waitForHydration(page);
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(await page.getByText("Book Your Free Review Now").count()).toBe(0);
      await context.close();
    } finally {
      await api.activate(popupId);
    }
  });
});
