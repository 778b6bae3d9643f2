import { COOKIE_CONSENT_NAME } from "@common/ui";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

const LINKS = ["Home", "About Us", "Services", "Sustainability", "Contact Us"];

/** Which nav link each path marks as current. */
const ACTIVE: [string, string][] = [
  ["/", "Home"],
  ["/about", "About Us"],
  ["/services", "Services"],
  ["/services/2", "Services"],
  ["/sustainability", "Sustainability"],
  ["/contact", "Contact Us"],
  ["/contact/2", "Contact Us"],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function currentLinks(page: Page, navName: string) {
  return page
    .getByRole("navigation", { name: navName })
    .locator('a[aria-current="page"]')
    .evaluateAll((as) => as.map((a) => a.textContent));
}

describe("navigation bar (desktop)", () => {
  it.each(ACTIVE)("on %s the current link is %s", async (path, label) => {
    const { page, context } = await newPage(browser);
    await page.goto(path);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").evaluateAll((as) => as.map((a) => a.textContent))).toEqual(LINKS);
    expect(await currentLinks(page, "Main")).toEqual([label]);
    // The indicator is drawn, not just announced.
    const bar = await nav
      .locator('a[aria-current="page"]')
      .evaluate((a) => getComputedStyle(a, "::after").backgroundColor);
    expect(bar).not.toBe("rgba(0, 0, 0, 0)");
    await context.close();
  });

  it("links to every page, Get a Quote to /quote and the logo home: each a page of its own, from the page cache", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/about");
    await waitForHydration(page);
    // Plain links: each page is a document served from the page cache (no client-side routing).
    const documents: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "document")
        documents.push(response.headers()["x-page-cache"]);
    });
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Get a Quote" }).click();
    await page.waitForURL("**/quote");
    await header.getByRole("link", { name: "Fenland Organics" }).click();
    await page.waitForURL(`${baseURL()}/`);
    for (const [path, label] of ACTIVE.filter(([p]) => !p.endsWith("/2"))) {
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: label, exact: true })
        .click();
      await page.waitForURL(`${baseURL()}${path}`);
      await expect.poll(() => currentLinks(page, "Main")).toEqual([label]);
    }
    expect(documents.length).toBeGreaterThanOrEqual(7);
    expect(documents.every((cache) => cache === "hit" || cache === "miss")).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the logo without a link on an admin path", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    expect(await page.getByRole("banner").getByRole("link", { name: "Fenland Organics" }).count()).toBe(1);
    // The public shell under a path containing "admin" (the catch-all shows home).
    await page.goto("/partners/admin-guide");
    await page.getByRole("banner").getByRole("img", { name: "Fenland Organics" }).waitFor();
    expect(await page.getByRole("banner").getByRole("link", { name: "Fenland Organics" }).count()).toBe(0);
    await context.close();
  });
});

describe("mobile slider (phone)", () => {
  async function openSlider(path = "/") {
    const session = await newPage(browser, { width: 375, height: 720 });
    await session.page.goto(path);
    await waitForHydration(session.page);
    expect(await session.page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await session.page.getByRole("button", { name: "Open menu" }).click();
    const slider = session.page.getByRole("dialog", { name: "Menu" });
    await slider.waitFor();
    return { ...session, slider };
  }

  it("holds the logo, theme switch, search, close, the five links and Get a Quote", async () => {
    const { page, context, slider } = await openSlider("/services/2");
    await slider.getByRole("link", { name: "Fenland Organics" }).waitFor();
    await slider.getByRole("switch", { name: "Dark theme" }).waitFor();
    await slider.getByRole("button", { name: "Search" }).waitFor();
    await slider.getByRole("button", { name: "Close menu" }).waitFor();
    expect(
      await slider
        .getByRole("navigation")
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => a.textContent)),
    ).toEqual(LINKS);
    expect(await currentLinks(page, "Mobile")).toEqual(["Services"]);
    expect(await slider.getByRole("link", { name: "Get a Quote" }).getAttribute("href")).toBe("/quote");
    await context.close();
  });

  it("choosing a link navigates and closes it", async () => {
    const { page, context, slider } = await openSlider();
    await slider.getByRole("link", { name: "Sustainability" }).click();
    await page.waitForURL("**/sustainability");
    await slider.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "Sustainability" }).waitFor();
    await context.close();
  });

  it("keeps focus inside while open, closes on Escape and on Close menu", async () => {
    const { page, context, slider } = await openSlider();
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await slider.waitFor({ state: "hidden" });
    // Focus returns to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await slider.getByRole("button", { name: "Close menu" }).click();
    await slider.waitFor({ state: "hidden" });
    await context.close();
  });

  it("without JavaScript opens with focus on 'Close menu' and gives it back to 'Open menu' on Escape", async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 720, javaScriptEnabled: false });
    await page.goto("/about");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(await focused()).toBeFalsy();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    expect(await focused()).toBe("Close menu");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "hidden" });
    expect(await focused()).toBe("Open menu");
    await context.close();
  });
});

describe("footer", () => {
  it("shows every part the footer lists", async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Fenland Organics" }).getAttribute("href")).toBe("/");
    const text = await footer.textContent();
    expect(text).toContain("Peterborough");
    expect(text).toContain("UK");
    expect(text).toContain("copyright 2025");
    expect(text).toContain("info@fenlandorganics.co.uk");
    expect(text).toContain("01733 555 014");
    // E-mail and phone are text, not links.
    expect(await footer.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    const nav = footer.getByRole("navigation", { name: "Footer" });
    expect(
      await nav.getByRole("link").evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")])),
    ).toEqual([
      ["Home", "/"],
      ["About us", "/about"],
      ["Sustainability", "/sustainability"],
      ["Services", "/services"],
      ["Blog", "/blog"],
      ["Contact us", "/contact"],
    ]);
    const review = footer.getByRole("link", { name: "Drop Review" });
    expect(await review.getAttribute("href")).toMatch(/^https:\/\//);
    expect(await review.getAttribute("target")).toBe("_blank");
    for (const network of ["Facebook", "Instagram", "LinkedIn", "YouTube"]) {
      const link = footer.getByRole("link", { name: network, exact: true });
      expect(await link.getAttribute("href")).toMatch(
        new RegExp(`^https://(www\\.)?${network.toLowerCase()}\\.com/`),
      );
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    await context.close();
  });
});

describe("scrolling", () => {
  async function scrolledPage(path: string, consent?: "accepted") {
    const session = await newPage(browser, { width: 1280, height: 320 });
    if (consent)
      await session.context.addCookies([{ name: COOKIE_CONSENT_NAME, value: consent, url: baseURL() }]);
    await session.page.goto(path);
    await waitForHydration(session.page);
    await session.page.evaluate(() => window.scrollTo(0, 260));
    await session.page.waitForFunction(() => window.scrollY === 260);
    return session;
  }

  it("every page but the quote pages starts at the top after navigation", async () => {
    const { page, context } = await scrolledPage("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await page.waitForURL("**/services");
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it("quote pages keep the scroll position, once the visitor has accepted cookies", async () => {
    const { page, context } = await scrolledPage("/about", "accepted");
    await page.getByRole("banner").getByRole("link", { name: "Get a Quote" }).click();
    await page.waitForURL("**/quote");
    // The page script scrolls there once it runs (after the first paint: later on a busy machine).
    await page.waitForFunction(() => window.scrollY > 0);
    await context.close();
  });

  it("without consent nothing is kept for the quote page, which starts at its top (UK PECR)", async () => {
    const { page, context } = await scrolledPage("/about");
    // Nothing is written as the link is followed (storage-consent.test.ts reads the page it leaves).
    await page.getByRole("banner").getByRole("link", { name: "Get a Quote" }).click();
    await page.waitForURL("**/quote");
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });

  it("scrolls to the element named by the navigation state", async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 600 });
    await page.goto("/legal/privacy-policy");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The in-page search's cards navigate like this (see public-search.test.ts).
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByPlaceholder("Search In Page").fill("13");
    await page.keyboard.press("Enter");
    await page.getByRole("list", { name: "Search results" }).getByRole("button").first().click();
    await page.waitForFunction(() => window.scrollY > 1000);
    const top = await page.locator("#children-text").evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(600);
    await context.close();
  });
});

describe("code fetched only when needed", () => {
  it.each([
    ["/", "#hero svg:has(#hero-sky)"],
    ["/about", 'main svg[viewBox="0 0 480 320"]'],
    ["/services", 'main svg[viewBox="0 0 480 320"]'],
    ["/services/2", 'main svg[viewBox="0 0 480 320"]'],
  ])("%s keeps its artwork from the HTML without its code", async (path, artwork) => {
    const { page, context, errors } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.locator(artwork).count()).toBe(1);
    expect(scripts.filter((script) => /HeroArt|PartnerMarks|DigesterArt|TankerArt/.test(script))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the mobile menu is in the page: it opens with no code of its own, and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await newPage(browser, { width: 390, height: 800, javaScriptEnabled });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto("/about");
      if (javaScriptEnabled) await waitForHydration(page);
      const before = scripts.length;
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Contact Us" }).waitFor();
      expect(scripts.length).toBe(before);
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "hidden" });
      await context.close();
    }
  });
});
