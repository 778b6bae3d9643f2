import path from "node:path";
import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { ENQUIRY_MESSAGES, QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminPage, setUpBrowser } from "./admin";
import { baseURL, dataDir, newPage } from "./browser";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();

const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
const previous = (page: Page) => page.getByRole("button", { name: "Previous" }).click();

async function expectStep(page: Page, step: number) {
  await page.waitForURL(step === 1 ? /\/quote$/ : new RegExp(`/quote/${step}$`));
  await expect(page.locator('[aria-current="step"]').textContent()).resolves.toContain(String(step));
}

/** GOV.UK's pattern: the summary at the top lists each message (linking to its field), and each is beside its field. */
async function expectErrors(page: Page, errors: Array<[fieldId: string, message: string]>) {
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link").allTextContents()).resolves.toEqual(errors.map(([, m]) => m));
  for (const [fieldId, message] of errors) {
    await expect(summary.getByRole("link", { name: message }).getAttribute("href")).resolves.toBe(
      `#${fieldId}`,
    );
    const field = page.locator(`#${fieldId}`);
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const owner = describedBy ? field : page.locator(`fieldset:has(#${fieldId})`);
    const ids = ((await owner.getAttribute("aria-describedby")) ?? "").split(" ");
    const beside = ids.find((id) => id.endsWith("-error")) ?? "";
    await expect(page.locator(`#${beside}`).textContent()).resolves.toBe(`Error: ${message}`);
  }
}

describe("quote wizard without JavaScript", () => {
  it("walks all six steps by post: errors beside their fields, Previous and refresh keep the answers, sent, stored and mailed, nothing personal in any URL", async () => {
    const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    const name = `Nora Noscript ${Date.now()}`;
    const email = `nora.${Date.now()}@example.co.uk`;
    const phone = "01733 444 555";
    const started = Date.now();

    await page.goto("/quote");
    await expectStep(page, 1);
    await next(page);
    await expectStep(page, 1);
    await expectErrors(page, [["quote-business-type-0", QUOTE_MESSAGES.businessType]]);
    await page.getByText("Farming", { exact: true }).click();
    await next(page);

    await expectStep(page, 2);
    await next(page);
    await expectErrors(page, [["quote-waste-type", QUOTE_MESSAGES.wasteType]]);
    await page.getByLabel("Waste type").fill("Brewery spent grain");
    await next(page);

    await expectStep(page, 3);
    await page.getByLabel("Other frequency").fill("Twice a week");
    await next(page);

    await expectStep(page, 4);
    await page.getByLabel("Post code").fill("12345");
    await next(page);
    await expectErrors(page, [["quote-post-code", ENQUIRY_MESSAGES.invalidPostCode]]);
    // What was typed stays in the field beside its error.
    await expect(page.getByLabel("Post code").inputValue()).resolves.toBe("12345");
    await page.getByLabel("Post code").fill("pe1  5xg");
    await next(page);

    await expectStep(page, 5);
    await page.getByLabel("Name").fill(name);
    await next(page);
    // Every refused field at once, in SPEC's order.
    await expectErrors(page, [
      ["quote-email", QUOTE_MESSAGES.email],
      ["quote-phone", QUOTE_MESSAGES.phone],
    ]);
    await expect(page.getByLabel("Name").inputValue()).resolves.toBe(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill(phone);
    await next(page);

    await expectStep(page, 6);
    const answers = ["Farming", "Brewery spent grain", "Twice a week", "PE1 5XG", name, email, phone];
    const review = page.locator("dl");
    for (const value of answers) await review.getByText(value, { exact: true }).waitFor();

    // A refresh loses nothing.
    await page.reload();
    for (const value of answers) await review.getByText(value, { exact: true }).waitFor();

    // Previous keeps every answer, back to step 1.
    await previous(page);
    await expectStep(page, 5);
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await previous(page);
    await expectStep(page, 4);
    await expect(page.getByLabel("Post code").inputValue()).resolves.toBe("PE1 5XG");
    await page.reload();
    await expect(page.getByLabel("Post code").inputValue()).resolves.toBe("PE1 5XG");
    await previous(page);
    await expectStep(page, 3);
    await expect(page.getByLabel("Other frequency").inputValue()).resolves.toBe("Twice a week");
    await previous(page);
    await expectStep(page, 2);
    await expect(page.getByLabel("Waste type").inputValue()).resolves.toBe("Brewery spent grain");
    await previous(page);
    await expectStep(page, 1);
    await expect(page.getByRole("radio", { name: "Farming" }).isChecked()).resolves.toBe(true);
    for (let step = 2; step <= 6; step++) {
      await next(page);
      await expectStep(page, step);
    }

    // A person takes longer than the spam check's shortest fill, counted from the first step.
    await page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - started)));
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByText("Quote request sent").waitFor();
    const text = (await dialog.textContent()) ?? "";
    const reference = /FO-[0-9A-F]{8}/.exec(text)?.[0] ?? "";
    await dialog.getByText(REFERENCE_TEXT.yours(reference), { exact: true }).waitFor();

    // Stored as a genuine enquiry (not Spam) under that reference, and mailed.
    const staff = await adminPage({ bypassCSP: true });
    try {
      const list = await staff.page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
      const [stored] = (await list.json()).data;
      expect(stored.status).toBe("new");
      const detail = await (await staff.page.request.get(`/api/admin/enquiries/${stored._id}`)).json();
      expect(detail.data.reference).toBe(reference);
    } finally {
      await staff.context.close();
    }
    const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
    expect(mail).toContain("Twice a week");

    // Close is a plain request for the home page (a form with no fields: "/?"); the answers are gone.
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForURL((url) => url.href === `${baseURL()}/` || url.href === `${baseURL()}/?`);
    await page.goto("/quote/5");
    await expect(page.getByLabel("Name").inputValue()).resolves.toBe("");

    // No answer ever reached an address.
    const personal = [
      name,
      email,
      phone,
      "Brewery spent grain",
      "Twice a week",
      "PE1 5XG",
      "pe1 5xg",
      "12345",
    ];
    for (const url of urls)
      for (const value of personal) {
        expect(decodeURIComponent(url.replace(/\+/g, " ")).replace(/\s+/g, " ")).not.toContain(value);
      }
    expect(urls.length).toBeGreaterThan(10);
    await context.close();
  });
});
