import { PUBLIC_PAGES } from "@common/content/pages";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

/**
 * The page-wide controls with HTML alone (JavaScript off), and what each kind of public page runs
 * (docs/decisions/0043-html-first-pages.md).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("cookie consent without JavaScript", () => {
  it.each(["accepted", "rejected"] as const)(
    "%s: the answer is stored for 150 days and the visitor is back on the same page, without the banner",
    async (answer) => {
      const { page, context } = await newPage(browser, { javaScriptEnabled: false });
      await page.goto("/sustainability");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await banner
        .getByRole("button", { name: answer === "accepted" ? "Accept all Cookies" : "Reject Cookies" })
        .click();
      await page.waitForURL(`${baseURL()}/sustainability`);
      await page.getByRole("heading", { level: 1, name: "Sustainability" }).waitFor();
      expect(await banner.count()).toBe(0);
      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({ name: "cookie_consent", value: answer, path: "/" });
      const days = (cookie.expires - Date.now() / 1000) / 86_400;
      expect(days).toBeGreaterThan(149.9);
      expect(days).toBeLessThan(150.1);
      await context.close();
    },
  );
});

describe("search without JavaScript", () => {
  it("'Search' opens the overlay as a page; a term lists the overlay's results as links; 'Close search' returns", async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/services/2");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${baseURL()}/services/2?search=`);
    const overlay = page.getByRole("dialog", { name: "Search in page" });
    await overlay.getByPlaceholder("Search In Page").fill("SLUDGES");
    await overlay.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`${baseURL()}/services/2?search=SLUDGES`);
    const links = overlay.getByRole("list", { name: "Search results" }).getByRole("link");
    const texts = await links.allTextContents();
    expect(texts).toContain("Sludges from washing, cleaning, peeling and centrifuging in fruit and ve");
    expect(await overlay.textContent()).toContain(`${texts.length} matches on this page`);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
      expect(href).toMatch(/^\/services\/2(#[\w-]+)?$/);

    // The same results the overlay shows with JavaScript.
    const scripted = await newPage(browser);
    await scripted.page.goto("/services/2?search=SLUDGES");
    await waitForHydration(scripted.page);
    const cards = scripted.page.getByRole("list", { name: "Search results" }).getByRole("button");
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual(texts);
    await scripted.context.close();

    await overlay.getByRole("button", { name: "Close search" }).click();
    await page.waitForURL(`${baseURL()}/services/2`);
    expect(await overlay.count()).toBe(0);
    await context.close();
  });

  it("a term with no match says so", async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/about?search=zzzqqq");
    expect(await page.getByRole("dialog", { name: "Search in page" }).textContent()).toContain(
      "No matches for “zzzqqq” on this page.",
    );
    await context.close();
  });
});

describe("theme without JavaScript", () => {
  it.each([
    ["light", "rgb(246, 249, 247)"],
    ["dark", "rgb(13, 21, 18)"],
  ] as const)(
    "follows the system's %s setting, with no switch that could not work",
    async (scheme, background) => {
      const context = await browser.newContext({
        baseURL: baseURL(),
        javaScriptEnabled: false,
        colorScheme: scheme,
      });
      const page = await context.newPage();
      await page.goto("/about");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        background,
      );
      expect(await page.getByRole("switch", { name: "Dark theme" }).count()).toBe(0);
      await context.close();
    },
  );
});

describe("what a page runs", () => {
  it("/ runs no React: no script but the page script, no React Router context", async () => {
    const { page, context, errors } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/page-[\w-]+\.js$/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a page with a contact or tankering form hydrates the form alone: the page script and the form's island, no React Router", async () => {
    for (const path of ["/contact", "/contact/2", "/services/2"]) {
      const { page, context, errors } = await newPage(browser);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") warnings.push(message.text());
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(scripts, path).toHaveLength(2);
      expect(scripts[0], path).toMatch(/^\/assets\/page-[\w-]+\.js$/);
      expect(scripts[1], path).toMatch(/^\/assets\/island-enquiry-form-[\w-]+\.js$/);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      // The island hydrated: typing clears the message the form shows as the visitor types.
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByTestId("form-error").textContent(), path).resolves.not.toBe("");
      await page.getByLabel("Name", { exact: true }).fill("Ada");
      await expect(page.getByTestId("form-error").textContent(), path).resolves.toBe("");
      expect(errors, path).toEqual([]);
      expect(warnings, path).toEqual([]);
      await context.close();
    }
  });

  it("the quote wizard hydrates alone: the page script and the wizard's island, no React Router", async () => {
    const { page, context, errors } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") warnings.push(message.text());
    });
    await page.goto("/quote");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/assets\/page-[\w-]+\.js$/);
    expect(scripts[1]).toMatch(/^\/assets\/island-quote-wizard-[\w-]+\.js$/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The island hydrated: Next without an answer shows the step's message, a choice moves on.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("quote-message").textContent()).resolves.not.toBe("");
    await page.getByText("Farming", { exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/\/quote\/2$/);
    // Back and Forward move between the steps' addresses, within the page.
    await page.goBack();
    await page.waitForURL(/\/quote$/);
    await page.locator('[aria-current="step"]', { hasText: "1" }).waitFor();
    await page.goForward();
    await page.waitForURL(/\/quote\/2$/);
    await page.getByLabel("Waste type").waitFor();
    expect(scripts).toHaveLength(2); // moving between steps loads nothing
    expect(warnings).toEqual([]);
    // The header's controls are the page script's there too.
    const theme = page.getByRole("banner").getByRole("switch", { name: "Dark theme" });
    const before = await theme.getAttribute("aria-checked");
    await theme.click();
    expect(await theme.getAttribute("aria-checked")).not.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("every public page is valid where scripts wait for the first paint: a data block carries no async", async () => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).not.toMatch(/<script[^>]*type="text\/x-module"[^>]*\sasync/);
      expect(html, path).toContain('<script type="speculationrules"');
    }
  });
});
