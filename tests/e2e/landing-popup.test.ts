import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_CONSENT_NAME, POPUP_EXIT_MS } from "../../common/ui";
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
  it("is in the server-rendered page with title, content and 'Book Your Free Review Now' to /book", async () => {
    const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    await popup(page).waitFor();
    expect(await popup(page).textContent()).toContain(CONTENT);
    const link = popup(page).getByRole("link", { name: "Book Your Free Review Now" });
    expect(await link.getAttribute("href")).toBe("/book");
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

  it("takes focus after hydration, and its link leads to /book", async () => {
    const { page, context, errors } = await newPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog, [role="dialog"]')))
      .toBe(true);
    await popup(page).getByRole("link", { name: "Book Your Free Review Now" }).click();
    await page.waitForURL(`${baseURL()}/book`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Close' plays the 1.8 s exit animation, gives focus back, then removes it", async () => {
    const { page, context } = await newPage(browser(), { reducedMotion: "no-preference" });
    await page.goto("/");
    await waitForHydration(page);
    // The card's phases as the page changes them, on the page's clock: the test's own clock reads
    // the click late on a loaded machine (1569 ms measured once for an exit of 1800).
    await page.evaluate(() => {
      const dialog = document.querySelector<HTMLElement>("dialog[data-landing-popup]");
      const phases: Record<string, number> = {};
      (window as unknown as { phases: Record<string, number> }).phases = phases;
      if (!dialog) return;
      new MutationObserver(() => {
        phases[dialog.dataset.phase ?? ""] ??= performance.now();
      }).observe(dialog, { attributes: true, attributeFilter: ["data-phase"] });
    });
    await popup(page).getByRole("button", { name: "Close" }).click();
    const card = page.locator('[data-phase="closing"]');
    expect(
      await card.evaluate((el) => el.getAnimations().map((a) => (a as CSSAnimation).animationName)),
    ).toContain("landing-popup-exit");
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog, [role="dialog"]'))).toBe(
      false,
    );
    await card.waitFor({ state: "detached", timeout: POPUP_EXIT_MS + 3000 });
    const phases = await page.evaluate(
      () => (window as unknown as { phases: Record<string, number> }).phases,
    );
    expect(phases.closed - phases.closing).toBeGreaterThanOrEqual(POPUP_EXIT_MS - 50);
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

  it("on a phone, waits while the cookie banner is up, then shifts no layout and leaves the header and menu usable", async () => {
    const { page, context } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    // One overlay at a time over the content: the popup waits for the banner's answer.
    expect(await popup(page).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Reject Cookies" }).click();
    await banner.waitFor({ state: "detached" });
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
    await context.close();
  });

  it.each([
    [390, 844],
    [320, 568],
  ])(
    "at %i px, leaves the page's heading in view at first paint: a bottom sheet under it",
    async (width, height) => {
      // First paint as the server sends it (no script), for a visitor who has answered the banner.
      const { page, context } = await newPage(browser(), { width, height, javaScriptEnabled: false });
      await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: "rejected", url: baseURL() }]);
      await page.goto("/");
      await popup(page).waitFor();
      const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
      const card = await popup(page).boundingBox();
      if (!heading || !card) throw new Error("the heading or the popup has no box");
      expect(heading.y).toBeGreaterThanOrEqual(0);
      expect(heading.y + heading.height).toBeLessThanOrEqual(card.y);
      expect(card.y + card.height).toBeLessThanOrEqual(height + 1);
      expect(card.width).toBeCloseTo(width, 0);
      // The screenshot: the heading's pixels with the popup up are those of the page without it
      // (closed by its method=dialog form), so nothing of the popup, its shade or shadow covers it.
      const shot = { clip: heading, animations: "disabled", caret: "hide" } as const;
      const withPopup = await page.screenshot({ ...shot, path: `/tmp/landing-popup-${width}.png` });
      await popup(page).getByRole("button", { name: "Close" }).click();
      await popup(page).waitFor({ state: "hidden" });
      expect(await page.getByRole("heading", { level: 1 }).boundingBox()).toEqual(heading);
      const without = await page.screenshot(shot);
      expect(withPopup.equals(without)).toBe(true);
      await context.close();
    },
  );

  it("on a wide screen, shows at once beside the cookie banner, under the header, as before", async () => {
    const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("region", { name: "Cookie consent" }).waitFor();
    await popup(page).waitFor();
    const card = await popup(page).boundingBox();
    expect(card?.y).toBeLessThan(200);
    expect(card?.width).toBeLessThan(500);
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
