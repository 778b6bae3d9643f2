import path from "node:path";
import { ENQUIRY_MESSAGES, QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { BUSINESS_TYPES } from "@common/leads/enquiry-terms";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import { QUOTE_RESET_MS, VALIDATION_MESSAGE_MS } from "@common/ui";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, dataDir, launchBrowser, newPage, waitForHydration } from "./browser";
import { waitForMailFile } from "./mail-files";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const message = (page: Page) => page.getByTestId("quote-message");
const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
const currentStep = (page: Page) => page.locator('[aria-current="step"]').textContent();

/**
 * Holds the page's clock (Playwright's, installed before the page loaded; it runs with the real
 * time until held): a jump a few seconds past the page's own now, then no timer fires but as the
 * test moves the clock. Each hold puts the page's time further ahead of the real one.
 */
async function holdClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 5_000);
}

/**
 * Clicks Next, expects the step's message at once, still there a moment before 0.8 s
 * (VALIDATION_MESSAGE_MS) and gone at it. The page's clock is held meanwhile and moved by hand
 * (holdClock), so nothing waits for the real 0.8 s and a busy machine cannot move the checks; it
 * runs on afterwards.
 */
async function expectMessage(page: Page, text: string) {
  await holdClock(page);
  await next(page);
  await expect(message(page).textContent()).resolves.toBe(text);
  await page.clock.runFor(VALIDATION_MESSAGE_MS - 1);
  await expect(message(page).textContent()).resolves.toBe(text);
  await page.clock.runFor(1);
  await expect.poll(() => message(page).textContent()).toBe("");
  await page.clock.resume();
}

async function expectStep(page: Page, step: number) {
  await page.waitForURL(step === 1 ? /\/quote$/ : new RegExp(`/quote/${step}$`));
  // The URL changes a moment before React renders the step.
  await page.locator('[aria-current="step"]', { hasText: String(step) }).waitFor();
  const reached = await page
    .locator("ol[aria-label='Quote steps'] li")
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-reached")));
  expect(reached).toEqual(Array.from({ length: 6 }, (_, i) => String(i < step)));
}

describe("quote wizard", () => {
  it("walks forward and back through all six steps with every message, keeps the draft on reload, and sends", async () => {
    const { page, context, errors } = await newPage(browser);
    const name = `Quinn ${Date.now()}`;
    await page.clock.install();
    await page.goto("/quote");
    await waitForHydration(page);
    await expectStep(page, 1);
    for (const type of BUSINESS_TYPES)
      await expect(page.getByRole("radio", { name: type }).count()).resolves.toBe(1);

    await expectMessage(page, QUOTE_MESSAGES.businessType);
    await page.getByText("Farming", { exact: true }).click();
    await next(page);
    await expectStep(page, 2);

    await expectMessage(page, QUOTE_MESSAGES.wasteType);
    await page.getByLabel("Waste type").fill("Vegetable peelings");
    await next(page);
    await expectStep(page, 3);

    await expectMessage(page, QUOTE_MESSAGES.frequency);
    await page.getByLabel("Other frequency").fill("Twice a week");
    await next(page);
    await expectStep(page, 4);

    await expectMessage(page, QUOTE_MESSAGES.location);
    await page.getByLabel("Post code").fill("12345");
    await expectMessage(page, ENQUIRY_MESSAGES.invalidPostCode);
    await page.getByLabel("Post code").fill("pe1  5xg");
    await next(page);
    await expectStep(page, 5);

    await expectMessage(page, QUOTE_MESSAGES.name);
    await page.getByLabel("Name").fill(name);
    await expectMessage(page, QUOTE_MESSAGES.email);
    await page.getByLabel("Email").fill("quinn@example.co.uk");
    await expectMessage(page, QUOTE_MESSAGES.phone);
    await page.getByLabel("Phone").fill("01733 222 333");
    await next(page);
    await expectStep(page, 6);

    // Back through every step: each keeps its answer (the post code normalised).
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 5);
    await expect(page.getByLabel("Name").inputValue()).resolves.toBe(name);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 4);
    await expect(page.getByLabel("Post code").inputValue()).resolves.toBe("PE1 5XG");
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 3);
    await expect(page.getByLabel("Other frequency").inputValue()).resolves.toBe("Twice a week");
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 2);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 1);
    await expect(page.getByRole("radio", { name: "Farming" }).isChecked()).resolves.toBe(true);
    for (let step = 2; step <= 6; step++) {
      await next(page);
      await expectStep(page, step);
    }

    // A reload keeps the draft.
    await page.reload();
    await waitForHydration(page);
    const review = page.locator("dl");
    for (const value of [
      "Farming",
      "Vegetable peelings",
      "Twice a week",
      "PE1 5XG",
      name,
      "quinn@example.co.uk",
      "01733 222 333",
    ])
      await expect(review.getByText(value, { exact: true }).count()).resolves.toBe(1);

    // A person takes longer than the spam check's shortest fill (a form sent back sooner is Spam).
    await page.waitForTimeout(SPAM_MIN_FILL_MS + 500);
    // The draft resets 3 s (QUOTE_RESET_MS) after the quote is sent, on the page's clock, held
    // from the press; the popup stays until closed.
    await holdClock(page);
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect(review.getByText(name).count()).resolves.toBe(1);
    await page.clock.runFor(QUOTE_RESET_MS - 1);
    await expect(review.getByText(name).count()).resolves.toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => review.getByText(name).count()).toBe(0);
    await page.clock.resume();
    expect(await page.evaluate(() => sessionStorage.getItem("quote-draft"))).toBeNull();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(`${baseURL()}/`);

    const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
    expect(mail).toContain("Twice a week");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends step 3 back to step 2 without a waste type, and shows step 1 for unknown paths", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/quote/3");
    await waitForHydration(page);
    await expectStep(page, 2);
    await page.goto("/quote/not-a-step");
    await waitForHydration(page);
    await expect(currentStep(page)).resolves.toContain("1");
    await page.goto("/quote/7");
    await waitForHydration(page);
    await expect(currentStep(page)).resolves.toContain("1");
    await context.close();
  });

  it("shows the failure message when sending fails", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/quote");
    await waitForHydration(page);
    await page.evaluate(() =>
      sessionStorage.setItem(
        "quote-draft",
        JSON.stringify({
          businessType: "Council",
          wasteType: "Food waste",
          frequency: "Weekly",
          location: "PE1 5XG",
          contact: { name: "Failing Fred", email: "fred@example.co.uk", phone: "01733 000 000" },
        }),
      ),
    );
    await page.route("**/api/quote", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"status":"Error","message":"boom"}',
      }),
    );
    await page.goto("/quote/6");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(QUOTE_MESSAGES.submitFailed, { exact: true }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    // The draft is kept for another try.
    await expect(page.locator("dl").getByText("Failing Fred").count()).resolves.toBe(1);
    await context.close();
  });

  it("keeps the scroll position when moving between steps", async () => {
    const { page, context } = await newPage(browser, { width: 320, height: 480 });
    await page.goto("/quote");
    await waitForHydration(page);
    await page.getByText("Council", { exact: true }).click();
    await page.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);
    await next(page);
    await expectStep(page, 2);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });
});
