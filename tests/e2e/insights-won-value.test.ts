import path from "node:path";
import { INSIGHTS_MESSAGES } from "@common/insights/insights";
import { WON_MESSAGES } from "@common/insights/won-value";
import { PIPELINE_FIGURES_MESSAGES } from "@common/pipeline/dashboard";
import { formatPence } from "@common/pipeline/money";
import { afterAll, describe, expect, it } from "vitest";
import { VALID_QUOTE } from "../../server/test/enquiry-fixtures";
import { setUpBrowser } from "./admin";
import { baseURL, dataDir } from "./browser";
import { sendEnquiry } from "./form-tokens";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const LINE = {
  description: "Food waste collection",
  quantityThousandths: 1000,
  unit: "collection",
  unitPricePence: 10_000,
};
// £100.00 + VAT at 20%.
const TOTAL = 12_000;

/**
 * Issue 49: an enquiry that came from a campaign's landing page is quoted and accepted; Insights
 * shows its won value under that landing page and that campaign, and the dashboard's 'Won this
 * month' counts it. Set up through the API (the desk's and the customer's), read in the browser.
 */
describe("which pages bring won business", () => {
  it("shows an accepted quote's value under its enquiry's landing page and campaign, and on the dashboard", async () => {
    const tag = `won${Date.now().toString(36)}`;
    const landing = `/landing-${tag}`;
    const email = `${tag}@example.co.uk`;
    const sent = await sendEnquiry(baseURL(), "/api/quote", {
      ...VALID_QUOTE,
      contact: { ...VALID_QUOTE.contact, name: `${tag} Quinn`, email },
      source: { landing, referrer: "news.example", utmSource: "newsletter", utmCampaign: tag },
    });
    expect(sent.status).toBe(201);

    // The Owner, signed in: the page and its request client share the session.
    const owner = await browser().newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    cleanups.push(() => owner.close());
    const login = await owner.request.post("/api/admin/login", { data: E2E_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    const found = await (
      await owner.request.get(`/api/admin/enquiries?q=${encodeURIComponent(email)}`)
    ).json();
    const enquiryId: string = found.data[0]._id;
    expect(found.data[0].source).toMatchObject({ landing, utmCampaign: tag });
    const before = (await (await owner.request.get("/api/admin/pipeline/figures")).json()).data;

    // Quoted and sent; the customer accepts by the mailed link.
    const draft = await owner.request.post(`/api/admin/enquiries/${enquiryId}/quotes`, {
      data: { lines: [LINE] },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const quote = (await draft.json()).data;
    expect(quote.totals.totalPence).toBe(TOTAL);
    expect((await owner.request.post(`/api/admin/quotes/${quote.id}/send`)).status()).toBe(200);
    const mail = (await waitForMailFile(path.join(dataDir(), "mail"), quote.number)).replace(/=\r?\n/g, "");
    const token = new RegExp(`/quotes/${quote.id}/([A-Za-z0-9_-]{43})`).exec(mail)?.[1];
    expect(token).toBeDefined();
    const customer = await browser().newContext({ baseURL: baseURL() });
    cleanups.push(() => customer.close());
    const accepted = await customer.request.post(`/api/quotes/${quote.id}/accept`, {
      data: { token, name: `${tag} Quinn`, accept: true },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // Insights: the row of its landing page and of its campaign, each with the won value.
    const page = await owner.newPage();
    await page.goto("/admin/dashboard/insights");
    const value = formatPence(TOTAL);
    const byLanding = page.getByRole("table", { name: WON_MESSAGES.headings.landing });
    const landingRow = byLanding
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: landing }) });
    await expect(landingRow.count()).resolves.toBe(1);
    await expect(landingRow.getByRole("cell").allTextContents()).resolves.toEqual([
      "1",
      "1",
      "1",
      "0",
      "100%",
      value,
    ]);
    const byCampaign = page.getByRole("table", { name: WON_MESSAGES.headings.campaign });
    const campaignRow = byCampaign.getByRole("row").filter({ hasText: tag });
    await expect(campaignRow.count()).resolves.toBe(1);
    await expect(campaignRow.getByRole("cell").allTextContents()).resolves.toEqual([
      tag,
      "1",
      "1",
      "1",
      "0",
      "100%",
      value,
    ]);
    // Its CSV has the same row.
    const csvHref = await page
      .getByRole("link", { name: `${INSIGHTS_MESSAGES.exportCsv}: ${WON_MESSAGES.headings.landing}` })
      .getAttribute("href");
    const csv = await (await owner.request.get(csvHref as string)).text();
    expect(csv.split("\r\n")).toContain(`${landing},1,1,1,0,100,120.00`);

    // The dashboard: won this month grew by the quote's value.
    await page.goto("/admin/dashboard");
    const won = page.getByTestId("won-this-month");
    await expect(won.getByRole("heading").textContent()).resolves.toBe(
      PIPELINE_FIGURES_MESSAGES.wonThisMonth,
    );
    await expect(won.locator("p").first().textContent()).resolves.toBe(
      formatPence(before.wonThisMonth.valuePence + TOTAL),
    );
    await expect(won.locator("p").nth(1).textContent()).resolves.toBe(
      PIPELINE_FIGURES_MESSAGES.wonCount(before.wonThisMonth.enquiries + 1),
    );
  });
});
