import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(path: string, width = 1280) {
  const session = await newPage(browser, { width, height: 800 });
  await session.page.goto(path);
  await waitForHydration(session.page);
  const overlay = session.page.getByRole("dialog", { name: "Search in page" });
  const input = session.page.getByPlaceholder("Search In Page");
  const cards = overlay.getByRole("list", { name: "Search results" }).getByRole("button");
  return { ...session, overlay, input, cards };
}

describe("search overlay", () => {
  it("the search icon adds a search parameter; closing returns to the plain path", async () => {
    const { page, context, overlay, errors } = await open("/services/2");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await overlay.waitFor();
    expect(new URL(page.url()).searchParams.has("search")).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/services/2");
    await overlay.getByRole("button", { name: "Close search" }).click();
    await overlay.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${baseURL()}/services/2`);
    // Escape closes it too.
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await overlay.waitFor();
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${baseURL()}/services/2`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("runs on Enter and on the Search button, case-insensitively, with 72-character snippets", async () => {
    const { page, context, overlay, input, cards } = await open("/services/2");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await input.fill("SLUDGES");
    await input.press("Enter");
    const expected = await page
      .locator("#main")
      .locator("h1,h2,h3,h4,h5,h6,p,li,dt,dd,td,th,blockquote,figcaption")
      .evaluateAll((els) =>
        els
          .filter((e) => !e.querySelector("h1,h2,h3,h4,h5,h6,p,li,dt,dd,td,th,blockquote,figcaption"))
          .map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim())
          .filter((t) =>
            t
              .toLowerCase()
              .split(" ")
              .some((w) => w.includes("sludges")),
          )
          .map((t) => t.slice(0, 72)),
      );
    expect(expected.length).toBeGreaterThanOrEqual(4);
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual(expected);
    for (const text of await cards.allTextContents()) expect(text.length).toBeLessThanOrEqual(72);
    expect(await cards.allTextContents()).toContain(
      "Sludges from washing, cleaning, peeling and centrifuging in fruit and ve",
    );
    // A word containing the term matches ("tanker" in "tankers").
    await input.fill("tanker");
    await overlay.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get("search") === "tanker");
    expect((await cards.allTextContents()).some((t) => /tankers/i.test(t))).toBe(true);
    await context.close();
  });

  it("an empty term gives no results", async () => {
    const { page, context, overlay, input, cards } = await open("/about");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await input.fill("waste");
    await input.press("Enter");
    await cards.first().waitFor();
    await input.fill("   ");
    await input.press("Enter");
    await page.waitForTimeout(200);
    expect(await cards.count()).toBe(0);
    expect(await overlay.textContent()).not.toContain("match");
    await context.close();
  });

  it("reads the initial term from the URL", async () => {
    const { context, cards } = await open("/about?search=digestion");
    await cards.first().waitFor();
    expect((await cards.allTextContents()).every((t) => /digestion/i.test(t) || t.length === 72)).toBe(true);
    expect(await cards.count()).toBeGreaterThan(0);
    await context.close();
  });

  it("a card goes to the same path with the element's id in the state, closes and scrolls there", async () => {
    const { page, context, overlay, input, cards } = await open("/sustainability", 390);
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await input.fill("fenland");
    await input.press("Enter");
    await cards.first().waitFor();
    expect(await cards.first().textContent()).toBe(
      "Nutrient-rich digestate goes back onto fenland fields in place of fossil",
    );
    await cards.first().click();
    await overlay.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${baseURL()}/sustainability`);
    // The matched <p>'s grandparent <li id="loop-return"> is the target.
    expect(await page.evaluate(() => (history.state?.usr as { scrollTo?: string })?.scrollTo)).toBe(
      "loop-return",
    );
    const top = await page.locator("#loop-return").evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(400);
    await context.close();
  });

  it("opens from the mobile slider", async () => {
    const { page, context, overlay } = await open("/", 375);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Search" }).click();
    await overlay.waitFor();
    expect(await page.getByRole("dialog", { name: "Menu" }).count()).toBe(0);
    expect(new URL(page.url()).search).toBe("?search=");
    await context.close();
  });
});
