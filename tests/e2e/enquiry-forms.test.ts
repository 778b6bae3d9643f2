import path from "node:path";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES, TANKERING_MESSAGES } from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, dataDir, launchBrowser, newPage, waitForHydration } from "./browser";
import { waitForMailFile } from "./mail-files";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const formError = (page: Page) => page.getByTestId("form-error");
const submit = (page: Page) => page.getByRole("button", { name: "Submit" }).click();

/** Submits with each field filled in turn: the required-field messages come in the form's order. */
async function expectMessagesInOrder(
  page: Page,
  order: Array<[label: string, value: string, message: string]>,
) {
  for (const [label, value, text] of order) {
    await submit(page);
    await expect(formError(page).textContent()).resolves.toBe(text);
    await page.getByLabel(label, { exact: true }).fill(value);
    // Any change clears the message.
    await expect(formError(page).textContent()).resolves.toBe("");
  }
}

async function expectHoneypotHidden(page: Page) {
  const trap = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
  await expect(trap.getAttribute("tabindex")).resolves.toBe("-1");
  // A name no browser or password manager autofills, so people never trip the trap.
  expect(HONEYPOT_FIELD).not.toMatch(/web|url|site|name|mail|phone|tel|company|org|address|post|zip/i);
  await expect(trap.evaluate((el) => el.closest("[aria-hidden='true']") !== null)).resolves.toBe(true);
  // The enquiry form itself (the page has others: consent, search).
  await expect(trap.locator("xpath=ancestor::form").getAttribute("novalidate")).resolves.not.toBeNull();
}

describe("contact form", () => {
  it("shows every message in order, sends, resets and goes home", async () => {
    const { page, context, errors } = await newPage(browser);
    const name = `Connie ${Date.now()}`;
    await page.goto("/contact");
    const served = Date.now(); // the page, and so its form token, was made before this
    await waitForHydration(page);
    await expectHoneypotHidden(page);
    await expectMessagesInOrder(page, [
      ["Name", name, CONTACT_MESSAGES.name],
      ["Email", "connie@example.co.uk", CONTACT_MESSAGES.email],
      ["Company", "Fen Foods", CONTACT_MESSAGES.company],
      ["Phone", "01733 111 222", CONTACT_MESSAGES.phone],
      ["Message", "Weekly food waste collection please", CONTACT_MESSAGES.message],
    ]);
    // A person takes longer than the spam check's shortest fill (sooner is Spam): what is left of
    // it since the page was served, since filling the form in took some of it.
    await page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - served)));
    await submit(page);
    await page.getByText(CONTACT_MESSAGES.success, { exact: true }).waitFor();
    await page.waitForURL(`${baseURL()}/`);
    const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
    expect(mail).toContain("Fen Foods");
    // Back on the form it starts empty.
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the failure toast when the server fails, keeping what was typed", async () => {
    const { page, context } = await newPage(browser);
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"status":"Error","message":"boom"}',
      }),
    );
    await page.goto("/contact/2");
    await waitForHydration(page);
    for (const [label, value] of [
      ["Name", "Fail"],
      ["Email", "fail@example.co.uk"],
      ["Company", "Co"],
      ["Phone", "1"],
      ["Message", "Hi"],
    ])
      await page.getByLabel(label, { exact: true }).fill(value);
    await submit(page);
    await page.getByText(CONTACT_MESSAGES.failure, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact/2");
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("Fail");
    await context.close();
  });
  it("shows the rate-limit message the server gives", async () => {
    const { page, context } = await newPage(browser);
    const limited = "Too many requests. Please try again in 60 minute(s).";
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ status: "Error", message: limited }),
      }),
    );
    await page.goto("/contact");
    await waitForHydration(page);
    for (const label of ["Name", "Company", "Phone", "Message"])
      await page.getByLabel(label, { exact: true }).fill("x");
    await page.getByLabel("Email", { exact: true }).fill("x@example.co.uk");
    await submit(page);
    await page.getByText(limited, { exact: true }).waitFor();
    await context.close();
  });
});

describe("a send while the database is away (503)", () => {
  it("is sent again by itself as Retry-After asks, and arrives", async () => {
    const { page, context } = await newPage(browser);
    const name = `Retry ${Date.now()}`;
    let refused = 0;
    await page.route("**/api/contact", async (route) => {
      if (refused++ > 0) return route.fallback();
      await route.fulfill({
        status: 503,
        headers: { "retry-after": "1" },
        contentType: "application/json",
        body: JSON.stringify({ status: "Error", message: ENQUIRY_MESSAGES.notSent }),
      });
    });
    await page.goto("/contact");
    await waitForHydration(page);
    for (const [label, value] of [
      ["Name", name],
      ["Email", "retry@example.co.uk"],
      ["Company", "Retry Ltd"],
      ["Phone", "01733 000 777"],
      ["Message", "Sent while the database restarted"],
    ])
      await page.getByLabel(label, { exact: true }).fill(value);
    await submit(page);
    await page.getByText(CONTACT_MESSAGES.success, { exact: true }).waitFor();
    expect(refused).toBe(2);
    await waitForMailFile(path.join(dataDir(), "mail"), name);
    await context.close();
  });
});

describe("tankering form", () => {
  it("shows every message in order and confirms a sent request", async () => {
    const { page, context } = await newPage(browser);
    const name = `Tanya ${Date.now()}`;
    await page.goto("/services/2");
    const served = Date.now(); // the page, and so its form token, was made before this
    await waitForHydration(page);
    await expectHoneypotHidden(page);
    await expectMessagesInOrder(page, [
      ["Name", name, TANKERING_MESSAGES.name],
      ["Email", "tanya@example.co.uk", TANKERING_MESSAGES.email],
      ["Frequency", "Weekly", TANKERING_MESSAGES.frequency],
      ["Phone", "07700 900 123", TANKERING_MESSAGES.phone],
      ["Message", "20,000 litres of wash water", TANKERING_MESSAGES.message],
    ]);
    // A person takes longer than the spam check's shortest fill (sooner is Spam): what is left of
    // it since the page was served, since filling the form in took some of it.
    await page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - served)));
    await submit(page);
    await page.getByText(TANKERING_MESSAGES.success, { exact: true }).waitFor();
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("");
    const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
    expect(mail).toContain("20,000 litres of wash water");
    await context.close();
  });

  it("shows 'Request Failed: ' with the error", async () => {
    const { page, context } = await newPage(browser);
    await page.route("**/api/tankering", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"status":"Error","message":"Service down"}',
      }),
    );
    await page.goto("/services/2");
    await waitForHydration(page);
    for (const [label, value] of [
      ["Name", "Fail"],
      ["Email", "fail@example.co.uk"],
      ["Phone", "1"],
      ["Frequency", "Daily"],
      ["Message", "Hi"],
    ])
      await page.getByLabel(label, { exact: true }).fill(value);
    await submit(page);
    await page.getByText(`${TANKERING_MESSAGES.failurePrefix}Service down`, { exact: true }).waitFor();
    await context.close();
  });
});
