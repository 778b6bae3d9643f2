import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";

const REVIEW_SCRIPT = 'script[src*="widget.trustpilot.com"]';
const REGISTER_SCRIPT = 'script[src*="environment.data.gov.uk"]';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const isLight = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("light-theme"));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem("dark-theme"));

/**
 * The first message of `type` the page shows, its words and how long it stays, by the page's own
 * clock (a MutationObserver set before the action): a busy test process that looks late can
 * neither miss it nor make it look shorter or longer. Call before the action; the answer comes
 * once the message has gone.
 */
async function watchMessage(
  page: Page,
  type: "success" | "alert",
): Promise<() => Promise<{ text: string; shownMs: number }>> {
  await page.evaluate((kind) => {
    const seen = { text: "", times: [] as number[] };
    (window as unknown as { watchedMessage: typeof seen }).watchedMessage = seen;
    new MutationObserver(() => {
      const shown = document.querySelector(`[aria-live] [data-message-type="${kind}"]`);
      if (shown && seen.times.length === 0) {
        seen.text = shown.textContent ?? "";
        seen.times.push(performance.now());
      } else if (shown && seen.times.length === 1 && !seen.text) seen.text = shown.textContent ?? "";
      if (!shown && seen.times.length === 1) seen.times.push(performance.now());
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, type);
  return async () => {
    const handle = await page.waitForFunction(() => {
      const seen = (window as unknown as { watchedMessage: { text: string; times: number[] } })
        .watchedMessage;
      return seen.times.length === 2 && seen;
    });
    const { text, times } = (await handle.jsonValue()) as { text: string; times: number[] };
    return { text, shownMs: times[1] - times[0] };
  };
}

describe("theme", () => {
  it("the switch flips 'true'/'false' in localStorage and the light-theme class, in header and slider alike", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    const theme = page.getByRole("banner").getByRole("switch", { name: "Dark theme" });
    const startLight = await isLight(page);
    expect(await theme.getAttribute("aria-checked")).toBe(String(!startLight));
    await theme.click();
    expect(await isLight(page)).toBe(!startLight);
    expect(await stored(page)).toBe(String(startLight));
    expect(await theme.getAttribute("aria-checked")).toBe(String(startLight));
    await theme.click();
    expect(await isLight(page)).toBe(startLight);
    expect(await stored(page)).toBe(String(!startLight));

    await page.setViewportSize({ width: 375, height: 700 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const sliderSwitch = page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("switch", { name: "Dark theme" });
    expect(await sliderSwitch.getAttribute("aria-checked")).toBe(String(!startLight));
    await sliderSwitch.click();
    expect(await isLight(page)).toBe(!startLight);
    expect(await sliderSwitch.getAttribute("aria-checked")).toBe(String(startLight));
    await context.close();
  });

  it.each([
    ["true", false, "rgb(13, 21, 18)"],
    ["false", true, "rgb(246, 249, 247)"],
  ])(
    "a reload with %s stored paints that theme before any app script runs",
    async (value, light, background) => {
      const { page, context } = await newPage(browser);
      await page.goto("/about");
      await page.evaluate((v) => localStorage.setItem("dark-theme", v), value);
      // Hold back every module script: what shows now is what the first paint shows.
      await page.route("**/assets/*.js", () => {});
      await page.reload({ waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(await isLight(page)).toBe(light);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        background,
      );
      await context.close();
    },
  );
});

describe("cookie consent and third-party widgets", () => {
  it("before an answer: the banner shows, widgets are plain links and no third-party script is added", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/about");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept all Cookies" }).waitFor();
    await banner.getByRole("button", { name: "Reject Cookies" }).waitFor();
    expect(await page.locator(`${REVIEW_SCRIPT}, ${REGISTER_SCRIPT}`).count()).toBe(0);
    expect(
      await page.getByRole("link", { name: "Read our reviews on Trustpilot" }).getAttribute("href"),
    ).toMatch(/^https:\/\/uk\.trustpilot\.com\//);
    expect(
      await page
        .getByRole("link", { name: "Check our registration on the public register" })
        .getAttribute("href"),
    ).toContain("CBDU412987");
    // Scrolling is never taken as consent.
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(await banner.isVisible()).toBe(true);
    expect(await context.cookies()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("accepting stores the answer for 150 days, hides the banner for good and loads both widgets", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Accept all Cookies" }).click();
    await page.getByRole("region", { name: "Cookie consent" }).waitFor({ state: "detached" });
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "cookie_consent", value: "accepted", path: "/" });
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(149.9);
    expect(days).toBeLessThan(150.1);
    await page.locator(REVIEW_SCRIPT).waitFor({ state: "attached" });
    await page.locator(REGISTER_SCRIPT).waitFor({ state: "attached" });
    // The CSP names the widget hosts (cached pages have no nonce to copy).
    const csp = (await fetch(`${baseURL()}/about`)).headers.get("content-security-policy");
    expect(csp).toMatch(/script-src[^;]* https:\/\/widget\.trustpilot\.com/);
    // No network here: the widget fails to load, quietly, and the plain link stays.
    await page.getByRole("link", { name: "Read our reviews on Trustpilot" }).waitFor();

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    const html = await (
      await fetch(`${baseURL()}/about`, { headers: { cookie: "cookie_consent=accepted" } })
    ).text();
    expect(html).not.toContain("Accept all Cookies");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("rejecting keeps the widgets as plain links, also after a reload", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Reject Cookies" }).click();
    await page.getByRole("region", { name: "Cookie consent" }).waitFor({ state: "detached" });
    expect((await context.cookies())[0]).toMatchObject({ name: "cookie_consent", value: "rejected" });
    await page.goto("/about");
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(await page.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    expect(await page.locator(`${REVIEW_SCRIPT}, ${REGISTER_SCRIPT}`).count()).toBe(0);
    await page.getByRole("link", { name: "Read our reviews on Trustpilot" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("messages", () => {
  it("a toast is announced through an aria-live region and vanishes after 1.2 s", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    const message = await watchMessage(page, "success");
    await page.getByRole("button", { name: "Accept all Cookies" }).click();
    const { text, shownMs } = await message();
    expect(text).toBe("Cookie preferences saved");
    expect(shownMs).toBeGreaterThan(900);
    expect(shownMs).toBeLessThan(1900);
    await context.close();
  });

  it("an alert stays for 2 s", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    const message = await watchMessage(page, "alert");
    await page.getByRole("button", { name: "Reject Cookies" }).click();
    const { text, shownMs } = await message();
    expect(text).toBe("Only essential cookies will be used");
    expect(shownMs).toBeGreaterThan(1500);
    expect(shownMs).toBeLessThan(2800);
    await context.close();
  });
});

describe("cookie banner on a slow phone", () => {
  it("shifts nothing when the page arrives in two parts split inside the banner", async () => {
    // A proxy in front of the server that holds the rest of the page's HTML for 600 ms from just
    // before the banner's buttons, as a slow phone's parser pausing there would.
    const html = await (await fetch(`${baseURL()}/about`)).text();
    const cut = html.search(/<form[^>]*action="\/consent"/);
    expect(cut).toBeGreaterThan(0);
    const proxy = createServer(async (request, response) => {
      if (request.url === "/about") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.write(html.slice(0, cut));
        await new Promise((resolve) => setTimeout(resolve, 600));
        response.end(html.slice(cut));
        return;
      }
      const answer = await fetch(`${baseURL()}${request.url}`);
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const { page, context } = await newPage(browser, { width: 360, height: 740 });
      await page.addInitScript(() => {
        const kept = window as unknown as { shift: number };
        kept.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) kept.shift += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const { port } = proxy.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/about`);
      await page
        .getByRole("region", { name: "Cookie consent" })
        .getByRole("button", { name: "Accept all Cookies" })
        .waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
      await context.close();
    } finally {
      proxy.close();
    }
  });
});
