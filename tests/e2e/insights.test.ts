import { INSIGHTS_MESSAGES } from "@common/insights/insights";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";
import { axeViolations } from "./axe";
import { launchBrowser, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

// Headless Chromium calls itself HeadlessChrome, which the isbot list rightly leaves out: these
// visitors present an ordinary desktop Chrome.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  // A server of its own: the counts it shows are this file's visits only.
  [browser, server] = await Promise.all([
    launchBrowser(),
    startBuiltServer({ ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, SEED_DEMO: "1" }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A visitor's tab; every request it makes is recorded. */
async function visitor() {
  const context = await browser.newContext({
    baseURL: server.url,
    userAgent: CHROME,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, requests, errors };
}

const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
async function atStep(page: Page, step: number) {
  await page.waitForURL(step === 1 ? /\/quote$/ : new RegExp(`/quote/${step}$`));
  await page.locator('[aria-current="step"]', { hasText: String(step) }).waitFor();
}

/**
 * From a public page, the header's 'Get a Quote' link and steps 1 to `last`. The quote is a page of
 * its own (a document the server counts); its steps move inside it once React runs there.
 */
async function walkWizard(page: Page, last: number) {
  await page.locator('header a[href="/quote"]').first().click();
  await atStep(page, 1);
  await waitForHydration(page);
  await page.getByText("Farming", { exact: true }).click();
  const fill: Array<() => Promise<void>> = [
    () => page.getByLabel("Waste type").fill("Vegetable peelings"),
    () => page.getByLabel("Other frequency").fill("Twice a week"),
    () => page.getByLabel("Post code").fill("PE1 5XG"),
    async () => {
      await page.getByLabel("Name").fill("Insight Lead");
      await page.getByLabel("Email").fill("insight@example.co.uk");
      await page.getByLabel("Phone").fill("01733 222 333");
    },
  ];
  for (let step = 2; step <= last; step++) {
    await next(page);
    await atStep(page, step);
    await fill[step - 2]?.();
  }
}

/** Waits until the beacons a tab sent have arrived (sendBeacon is fire and forget). */
async function beaconsSent(requests: string[], count: number) {
  await expect
    .poll(() => requests.filter((url) => url.includes("/api/insights?")).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
}

async function expectPrivate(context: BrowserContext, requests: string[]) {
  expect(await context.cookies()).toEqual([]);
  const foreign = requests.filter((url) => !url.startsWith(server.url) && !/^(data|blob):/.test(url));
  expect(foreign).toEqual([]);
}

describe("Insights without tracking", () => {
  it("counts visits, the landing page and the wizard's funnel, and shows them on the Insights screen", async () => {
    // Visit 1: from a search engine to the tankering page, into the wizard, left at step 4.
    const first = await visitor();
    await first.page.goto("/services/2", { referer: "https://www.google.com/" });
    await waitForHydration(first.page);
    await walkWizard(first.page, 4);
    await beaconsSent(first.requests, 7); // /quote/2 … /quote/4 shown, steps 1-4 reached
    await expectPrivate(first.context, first.requests);
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Visit 2: from another site to the home page with a campaign, through the wizard, submitted.
    // The visitor does not answer the cookie banner, so the tab keeps nothing (UK PECR): the quote
    // page, reached from the home page, does not know where the visit landed.
    const second = await visitor();
    await second.page.goto("/?utm_source=newsletter&utm_campaign=spring", {
      referer: "https://www.bing.com/",
    });
    await waitForHydration(second.page);
    await walkWizard(second.page, 6);
    await second.page.getByRole("button", { name: "Submit" }).click();
    await second.page.getByRole("dialog").waitFor();
    await beaconsSent(second.requests, 12); // /quote/2 … /quote/6 shown, steps 1-6 and submitted
    await expectPrivate(second.context, second.requests);
    expect(second.errors).toEqual([]);
    await second.context.close();

    // A visitor whose browser sends Global Privacy Control is not counted.
    const private_ = await browser.newContext({
      baseURL: server.url,
      userAgent: CHROME,
      extraHTTPHeaders: { "Sec-GPC": "1" },
    });
    const gpcPage = await private_.newPage();
    await gpcPage.goto("/services/2", { referer: "https://www.google.com/" });
    await private_.close();

    // The office's view.
    const office = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const login = await office.request.post("/api/admin/login", { data: E2E_ADMIN });
    expect(login.ok()).toBe(true);
    const page = await office.newPage();
    await page.goto("/admin/dashboard/insights?days=30");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: INSIGHTS_MESSAGES.heading }).waitFor();
    // The sidebar names the section.
    await expect(
      page.getByRole("link", { name: "Insights" }).first().getAttribute("aria-current"),
    ).resolves.toBe("page");

    const section = (name: string) => page.getByRole("region", { name, exact: true });
    const rowOf = (name: string, header: string) =>
      section(name)
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: header, exact: true }) });
    const cells = async (name: string, header: string) =>
      (await rowOf(name, header).getByRole("cell").allTextContents()).map((t) => t.trim());

    // Visits: two (the GPC visitor is not one), today.
    const visits = section(INSIGHTS_MESSAGES.visitsHeading);
    await expect(
      visits.getByRole("img", { name: INSIGHTS_MESSAGES.visitsHeading }).getAttribute("aria-labelledby"),
    ).resolves.toBeTruthy();
    await visits.getByText(INSIGHTS_MESSAGES.asTable).click();
    const today = await visits.getByRole("rowheader").last().textContent();
    expect(await cells(INSIGHTS_MESSAGES.visitsHeading, today ?? "")).toEqual(["2", "12"]);

    // Pages and sources.
    expect(await cells(INSIGHTS_MESSAGES.pagesHeading, "/services/2")).toEqual(["1", "1"]);
    expect(await cells(INSIGHTS_MESSAGES.pagesHeading, "/quote/4")).toEqual(["0", "2"]);
    expect(await cells(INSIGHTS_MESSAGES.referrersHeading, "google.com")).toEqual(["1"]);
    expect(await cells(INSIGHTS_MESSAGES.referrersHeading, "bing.com")).toEqual(["1"]);
    expect(await cells(INSIGHTS_MESSAGES.campaignsHeading, "newsletter")).toEqual(["spring", "1"]);

    // The enquiry, by the page its visit landed on and where it came from: not known without consent.
    const direct = INSIGHTS_MESSAGES.direct;
    expect(await cells(INSIGHTS_MESSAGES.enquiriesHeading, direct)).toEqual([direct, "Quote", "1"]);

    // The funnel: both reached step 4, one went on and submitted; most were lost after step 4.
    const funnel = INSIGHTS_MESSAGES.funnelHeading;
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("1"))).toEqual(["2", "0 (0%)"]);
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("4"))).toEqual(["2", "1 (50%)"]);
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("6"))).toEqual(["1", "0 (0%)"]);
    // Past "submitted" (issue 49): the enquiry sent is not quoted yet, so it is lost before Quoted.
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("submitted"))).toEqual(["1", "1 (100%)"]);
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("quoted"))).toEqual(["0", "0 (–)"]);
    expect(await cells(funnel, INSIGHTS_MESSAGES.stageName("won"))).toEqual(["0", ""]);
    const chart = section(funnel).getByRole("img", { name: funnel });
    const described = await chart.evaluate((svg) => svg.querySelector("desc")?.textContent);
    expect(described).toContain(`Most are lost after ${INSIGHTS_MESSAGES.stageName("4")}`);

    // CSV export of a table.
    const csv = await office.request.get(
      (await section(INSIGHTS_MESSAGES.enquiriesHeading)
        .getByRole("link", { name: /Download CSV/ })
        .getAttribute("href")) ?? "",
    );
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(`${direct},${direct},Quote,1`);

    await office.close();
  });

  it("is readable in both themes from 320 px to desktop, with no axe violations", async () => {
    for (const theme of ["dark", "light"] as const)
      for (const width of [320, 1280]) {
        // axe is injected as an inline script: the CSP is bypassed for it.
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width, height: 900 },
          bypassCSP: true,
          reducedMotion: "reduce",
        });
        await context.addInitScript(
          (dark) => localStorage.setItem("dark-theme", dark),
          String(theme === "dark"),
        );
        expect((await context.request.post("/api/admin/login", { data: E2E_ADMIN })).ok()).toBe(true);
        const page = await context.newPage();
        await page.goto("/admin/dashboard/insights?days=90");
        await waitForHydration(page);
        await page.getByRole("region", { name: INSIGHTS_MESSAGES.funnelHeading, exact: true }).waitFor();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${theme} ${width}`,
        ).toBeLessThanOrEqual(width);
        expect(await axeViolations(page), `${theme} ${width}`).toEqual([]);
        await page.screenshot({ path: `/tmp/insights-${theme}-${width}.png`, fullPage: true });
        await context.close();
      }
  });

  it("the privacy policy says what is counted, that it needs no consent, and how long it is kept", async () => {
    const page = await (await fetch(`${server.url}/legal/privacy-policy`)).text();
    const text = page.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'");
    for (const words of [
      "Counting Visits Without Tracking",
      "without cookies, tracking scripts or any third party",
      "never the full address",
      "Global Privacy Control or Do Not Track",
      "they need no consent",
      "kept for 25 months",
    ])
      expect(text, words).toContain(words);
  });
});
