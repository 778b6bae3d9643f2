import { CONTACT_MESSAGES } from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

/**
 * UK PECR: nothing is stored on the visitor's device before they answer the cookie banner, and after
 * 'Reject Cookies' nothing but that answer; after 'Accept all Cookies' the tab keeps its visit for
 * the lead source. Without consent an enquiry's source is what the server knew from the form page's
 * own request (docs/features.md "Storage on the device").
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Everything the page can see stored for this site, and every cookie of the context (HttpOnly too). */
async function stored(page: Page, context: BrowserContext) {
  const inPage = await page.evaluate(() => ({
    session: Object.fromEntries(Object.entries(sessionStorage)),
    local: Object.fromEntries(Object.entries(localStorage)),
    cookie: document.cookie,
  }));
  const cookies = (await context.cookies()).map(({ name, value }) => `${name}=${value}`);
  return { ...inPage, cookies };
}
const NOTHING = { session: {}, local: {}, cookie: "", cookies: [] };

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
async function answer(page: Page, button: "Accept all Cookies" | "Reject Cookies") {
  await banner(page).getByRole("button", { name: button }).click();
  await banner(page).waitFor({ state: "hidden" });
}

/** Holds the next document request for /quote, so the page the link is on stays to be read. */
async function clickQuoteLinkHeld(page: Page) {
  await page.route("**/quote", (route) => route.abort());
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => scrollY > 0);
  await page.locator('header a[href="/quote"]').first().click();
  await page.waitForTimeout(200);
  await page.unroute("**/quote");
}

/** Sends the contact form with a person's pace (sooner than the spam check's shortest fill is Spam). */
async function sendContact(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill("storage@example.co.uk");
  await page.getByLabel("Company", { exact: true }).fill("Fen Storage Ltd");
  await page.getByLabel("Phone", { exact: true }).fill("01733 444 555");
  await page.getByLabel("Message", { exact: true }).fill("Weekly collections, please.");
  await page.waitForTimeout(SPAM_MIN_FILL_MS + 500);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(`${baseURL()}/`);
  await page.getByText(CONTACT_MESSAGES.success, { exact: true }).waitFor();
}

/** The stored source of the enquiry sent in `name`'s name, as the office's API shows it. */
async function sourceOf(name: string) {
  const office = await browser.newContext({ baseURL: baseURL() });
  expect((await office.request.post("/api/admin/login", { data: E2E_ADMIN })).ok()).toBe(true);
  const listed = await (
    await office.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`)
  ).json();
  await office.close();
  expect(listed.data).toHaveLength(1);
  return listed.data[0].source;
}

describe("storage on the device and the cookie banner", () => {
  it("stores nothing before an answer, and after 'Reject Cookies' nothing but the answer", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/about?utm_source=newsletter&utm_campaign=spring", { referer: "https://www.bing.com/" });
    await waitForHydration(page);
    expect(await stored(page, context)).toEqual(NOTHING);
    // A page reached by a link, and a link to a quote page (which keeps the scroll only with consent).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await page.waitForURL(/\/services$/);
    await waitForHydration(page);
    expect(await stored(page, context)).toEqual(NOTHING);
    await clickQuoteLinkHeld(page);
    expect(await stored(page, context)).toEqual(NOTHING);

    // Anything the tab kept with an earlier consent goes with the rejection.
    await page.evaluate(() => {
      sessionStorage.setItem("tab-visit", JSON.stringify({ landing: "/", from: "", campaign: {} }));
      sessionStorage.setItem("kept-scroll", "900");
    });
    await answer(page, "Reject Cookies");
    expect(await stored(page, context)).toEqual({
      ...NOTHING,
      cookie: "cookie_consent=rejected",
      cookies: ["cookie_consent=rejected"],
    });
    await page.goto("/sustainability", { referer: "https://www.google.com/" });
    await waitForHydration(page);
    await clickQuoteLinkHeld(page);
    expect((await stored(page, context)).session).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after 'Accept all Cookies' keeps the tab's visit, which an enquiry sent from another page carries", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto("/about?utm_source=newsletter&utm_campaign=spring", { referer: "https://www.bing.com/" });
    await waitForHydration(page);
    expect(await stored(page, context)).toEqual(NOTHING);
    await answer(page, "Accept all Cookies");
    const visit = {
      landing: "/about",
      from: "www.bing.com",
      campaign: { utmSource: "newsletter", utmMedium: "", utmCampaign: "spring" },
    };
    const accepted = await stored(page, context);
    expect(JSON.parse(accepted.session["tab-visit"] ?? "null")).toEqual(visit);
    expect(accepted.cookies).toEqual(["cookie_consent=accepted"]);
    // With consent a link to a quote page keeps the scroll position for it.
    await clickQuoteLinkHeld(page);
    expect(Number((await stored(page, context)).session["kept-scroll"])).toBeGreaterThan(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(/\/contact$/);
    await waitForHydration(page);
    const name = `Kept visit ${Date.now()}`;
    await sendContact(page, name);
    expect(await sourceOf(name)).toEqual({
      landing: "/about",
      referrer: "bing.com",
      utmSource: "newsletter",
      utmMedium: null,
      utmCampaign: "spring",
    });
    // The sent form's toast was carried to the home page and taken: the tab keeps only the visit.
    expect(Object.keys((await stored(page, context)).session)).toEqual(["tab-visit"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without an answer, a form on the landing page sends what the server put into it; from another page, nothing", async () => {
    const landed = await newPage(browser);
    await landed.page.goto("/contact?utm_source=flyer&utm_medium=print", {
      referer: "https://www.google.co.uk/",
    });
    await waitForHydration(landed.page);
    const name = `Served source ${Date.now()}`;
    await sendContact(landed.page, name);
    expect(await sourceOf(name)).toEqual({
      landing: "/contact",
      referrer: "google.co.uk",
      utmSource: "flyer",
      utmMedium: "print",
      utmCampaign: null,
    });
    // The toast was carried across the page change the visitor made, then removed: nothing is left.
    expect(await stored(landed.page, landed.context)).toEqual(NOTHING);
    expect(landed.errors).toEqual([]);
    await landed.context.close();

    const inside = await newPage(browser);
    await inside.page.goto("/about?utm_source=flyer", { referer: "https://www.google.co.uk/" });
    await waitForHydration(inside.page);
    await inside.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact Us" })
      .click();
    await inside.page.waitForURL(/\/contact$/);
    await waitForHydration(inside.page);
    const unknown = `Unknown source ${Date.now()}`;
    await sendContact(inside.page, unknown);
    expect(await sourceOf(unknown)).toBeNull();
    expect(await stored(inside.page, inside.context)).toEqual(NOTHING);
    await inside.context.close();
  });
});
