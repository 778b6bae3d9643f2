import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { enquiryRetentionText } from "../../app/content/privacy";
import { ENQUIRY_RETENTION_DEFAULT_MONTHS, PRIVACY_MESSAGES } from "../../common/leads/privacy";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { adminContext, message, open, setUpBrowser, signIn } from "./admin";
import { axeViolations } from "./axe";
import { baseURL } from "./browser";
import { sendEnquiry } from "./form-tokens";

setUpBrowser();

const PRIVACY = "/admin/dashboard/privacy";

/** Submits a contact enquiry as a visitor would. */
async function submitEnquiry(email: string, name: string) {
  const res = await sendEnquiry(baseURL(), "/api/contact", { ...VALID_CONTACT, email, name });
  expect(res.status).toBe(201);
}

describe("Privacy (UK GDPR)", () => {
  it.each(["dark", "light"] as const)(
    "finds a visitor's enquiries, exports them and erases them, leaving a tombstone (%s theme)",
    async (theme) => {
      const { page, context, errors } = await adminContext({ theme, width: theme === "light" ? 320 : 1280 });
      const tag = randomUUID().slice(0, 8);
      const email = `visitor-${tag}@example.co.uk`;
      const name = `Privacy Visitor ${tag}`;
      try {
        await submitEnquiry(email, name);
        await signIn(page);
        if (theme === "dark")
          await page
            .getByRole("navigation", { name: "Dashboard" })
            .getByRole("link", { name: "Privacy" })
            .click();
        else await open(page, PRIVACY);
        await page.getByRole("heading", { level: 1, name: PRIVACY_MESSAGES.title }).waitFor();

        await page.getByLabel(PRIVACY_MESSAGES.emailLabel).fill("not an address");
        await page.getByRole("button", { name: PRIVACY_MESSAGES.find }).click();
        await page.getByText(PRIVACY_MESSAGES.emailInvalid).waitFor();

        await page.getByLabel(PRIVACY_MESSAGES.emailLabel).fill(email.toUpperCase());
        await page.getByRole("button", { name: PRIVACY_MESSAGES.find }).click();
        await page.getByRole("heading", { name: PRIVACY_MESSAGES.found(1, email) }).waitFor();
        // Posted: the address is in no URL (address bar, history, log line).
        expect(page.url().toLowerCase()).not.toContain(tag);
        const results = page.getByRole("region", { name: PRIVACY_MESSAGES.found(1, email) });
        const row = results.getByRole("listitem");
        expect(await row.textContent()).toContain("Contact");
        expect(await row.textContent()).toContain("New");
        const enquiryPath = await row.getByRole("link").getAttribute("href");
        expect(enquiryPath).toMatch(/^\/admin\/dashboard\/enquiries\/[0-9a-f-]{36}$/);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/privacy-${theme}.png`, fullPage: true });

        // The exports: every field the visitor sent, as JSON and as CSV.
        const download = async (name: string) => {
          const [file] = await Promise.all([
            page.waitForEvent("download"),
            results.getByRole("button", { name }).click(),
          ]);
          expect(file.url()).not.toContain(tag);
          return readFile((await file.path()) ?? "", "utf8");
        };
        const exported = JSON.parse(await download(PRIVACY_MESSAGES.exportJson));
        expect(exported.email).toBe(email);
        expect(exported.enquiries).toHaveLength(1);
        expect(exported.enquiries[0].fields).toMatchObject({ email, name, phone: VALID_CONTACT.phone });
        const csv = await download(PRIVACY_MESSAGES.exportCsv);
        expect(csv).toContain(name);
        expect(csv).toContain(email);

        // 'Erase' asks first; 'Cancel' changes nothing.
        await results.getByRole("button", { name: PRIVACY_MESSAGES.erase }).click();
        const dialog = page.getByRole("alertdialog", { name: PRIVACY_MESSAGES.eraseTitle });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        await results.getByRole("button", { name: PRIVACY_MESSAGES.erase }).click();
        await dialog.getByRole("button", { name: PRIVACY_MESSAGES.erase }).click();
        await message(page, PRIVACY_MESSAGES.erased(1)).waitFor();
        await page.getByRole("heading", { name: PRIVACY_MESSAGES.none(email) }).waitFor();

        // The enquiry stays, without the visitor's details, with who erased it in its timeline.
        await open(page, enquiryPath ?? "");
        await page.getByText(PRIVACY_MESSAGES.erasedEvent).waitFor();
        const body = (await page.locator("main").textContent()) ?? "";
        expect(body).not.toContain(name);
        expect(body).not.toContain(email);
        expect(body).not.toContain(VALID_CONTACT.phone);
        expect(errors).toEqual([]);

        // The privacy policy states the retention period the server runs with (the default).
        await open(page, "/legal/privacy-policy");
        expect(await page.locator("#enquiry-retention").textContent()).toBe(
          enquiryRetentionText(ENQUIRY_RETENTION_DEFAULT_MONTHS),
        );
        expect(await page.locator("#enquiry-retention").textContent()).toContain("24 months");
      } finally {
        await context.close();
      }
    },
  );
});
