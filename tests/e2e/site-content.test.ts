import path from "node:path";
import {
  SITE_CONTENT_MESSAGES,
  SITE_CONTENT_TEXTS,
  SITE_DETAILS_LABELS,
} from "@common/content/site-content/messages";
import { SITE_DETAILS_DEFAULTS } from "@common/content/site-content/site-details-defaults";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";
import { adminContext, invitedColleague, open, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

setUpBrowser();

// A server of its own: the visitor's confirmation mail is sent (AUTO_REPLY, to files), and the
// site details it changes are no other test's.
let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: "0",
    AUTO_REPLY: "1",
    ENQUIRY_RATE_LIMIT: "1000",
  });
});
afterAll(() => server?.stop());

const PASSWORD = "site-editor-password-42";
const EDITOR = "/admin/dashboard/site/site-details";
const OLD_PHONE = SITE_DETAILS_DEFAULTS.phone;
const NEW_PHONE = "01733 777 888";
const NOTE = "Emergency tankering only";

/** The next 25 December (YYYY-MM-DD): a special day to come, so every page lists it. */
function nextChristmas(): string {
  const now = new Date();
  const year =
    now.getUTCMonth() === 11 && now.getUTCDate() >= 25 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return `${year}-12-25`;
}

/** A page as a visitor gets it (no cookie: from the page cache when kept there). */
const visit = (pathname: string) => fetch(`${server.url}${pathname}`);

/** The action's message on the editor (the card above the form). */
const said = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

describe("site details in the admin", () => {
  it("an Editor changes the phone and Christmas hours, previews, publishes, and every page, the JSON-LD and the next mail show them; a revision restored brings the old phone back", {
    timeout: 120_000,
  }, async () => {
    const email = await invitedColleague("editor", PASSWORD, server);
    const christmas = nextChristmas();
    const editor = await adminContext({ theme: "light", baseURL: server.url });
    const visitor = await adminContext({ baseURL: server.url });
    try {
      const { page } = editor;
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL("**/admin/dashboard/blog");
      await waitForHydration(page);

      // The pages as the public has them, kept in the page cache.
      for (const pathname of ["/contact", "/about", "/about"]) await visit(pathname);
      const before = await visit("/about");
      expect(before.headers.get("x-page-cache")).toBe("hit");
      expect(await before.text()).toContain(OLD_PHONE);

      // 'Site' → the list → the site details' editor.
      await page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "Site", exact: true })
        .click();
      await page.getByRole("heading", { level: 1, name: SITE_CONTENT_TEXTS.listHeading }).waitFor();
      await page.getByRole("link", { name: "Site details and opening hours" }).click();
      await page.waitForURL(`**${EDITOR}`);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      // As it is now, kept as a revision to come back to.
      await page.getByRole("button", { name: "Save draft", exact: true }).click();
      await said(page, SITE_CONTENT_MESSAGES.saved);

      // A wrong phone is refused on Publish, with the summary and the message beside the field.
      await page.getByLabel(SITE_DETAILS_LABELS.phone, { exact: true }).fill("0173 555");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await summary.getByRole("link", { name: /Enter a UK phone number/ }).waitFor();
      await page.locator("#field-phone-error").waitFor();
      expect(await visit("/contact").then((r) => r.text())).toContain(OLD_PHONE);

      await page.getByLabel(SITE_DETAILS_LABELS.phone, { exact: true }).fill(NEW_PHONE);
      await page.getByRole("button", { name: SITE_DETAILS_LABELS.addSpecialDay }).click();
      const day = page.getByRole("group", { name: SITE_DETAILS_LABELS.specialDay(1) });
      await day.getByLabel(SITE_DETAILS_LABELS.from, { exact: true }).fill(christmas);
      expect(await day.getByLabel(SITE_DETAILS_LABELS.closed, { exact: true }).isChecked()).toBe(true);
      await day.getByLabel(SITE_DETAILS_LABELS.note, { exact: true }).fill(NOTE);

      // Preview: the contact page with the draft, for the editor only.
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.waitForURL("**/contact?preview=site-details");
      await page.locator("#contact-special-days").getByText(`Closed (${NOTE})`).waitFor();
      expect(await page.locator("footer").textContent()).toContain(NEW_PHONE);
      const still = await visit("/contact").then((r) => r.text());
      expect(still).toContain(OLD_PHONE);
      expect(still).not.toContain(NEW_PHONE);

      await open(page, EDITOR);
      expect(await page.getByLabel(SITE_DETAILS_LABELS.phone, { exact: true }).inputValue()).toBe(NEW_PHONE);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await said(page, SITE_CONTENT_MESSAGES.published);

      // Every page shows it at once: the cached ones were dropped.
      const about = await visit("/about");
      const aboutHtml = await about.text();
      expect(about.headers.get("x-page-cache")).not.toBe("hit");
      expect(aboutHtml).toContain(NEW_PHONE);
      expect(aboutHtml).not.toContain(OLD_PHONE);
      const { page: public_ } = visitor;
      await public_.goto("/contact");
      await waitForHydration(public_);
      expect(await public_.locator("#contact-phone").textContent()).toContain(NEW_PHONE);
      expect(await public_.locator("footer").textContent()).toContain(NEW_PHONE);
      expect(await public_.content()).not.toContain(OLD_PHONE);
      await public_.locator("#contact-special-days").getByText(`Closed (${NOTE})`).waitFor();
      const jsonLd = await public_
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
      const business = jsonLd
        .map((text) => JSON.parse(text))
        .find((data) => data.specialOpeningHoursSpecification);
      expect(business.specialOpeningHoursSpecification).toContainEqual({
        "@type": "OpeningHoursSpecification",
        validFrom: christmas,
        validThrough: christmas,
        opens: "00:00",
        closes: "00:00",
        description: NOTE,
      });

      // The next confirmation mail says them too.
      const name = `Site Visitor ${Date.now()}`;
      await public_.getByLabel("Name", { exact: true }).fill(name);
      await public_.getByLabel("Email", { exact: true }).fill("site.visitor@example.co.uk");
      await public_.getByLabel("Company", { exact: true }).fill("Fen Farms");
      await public_.getByLabel("Phone", { exact: true }).fill("01733 111 222");
      await public_.getByLabel("Message", { exact: true }).fill("Christmas collections please");
      await public_.waitForTimeout(SPAM_MIN_FILL_MS + 500);
      await public_.getByRole("button", { name: "Submit" }).click();
      const mail = (await waitForMailFile(path.join(server.dataDir, "mail"), `Dear ${name},`)).replace(
        /=\r?\n/g,
        "",
      );
      expect(mail).toContain(`Phone ${NEW_PHONE}`);
      expect(mail).toContain(NOTE);

      // A revision restored (asked first) and published brings the old phone back.
      await open(page, EDITOR);
      await page
        .getByRole("button", { name: /^Restore: Saved/ })
        .last()
        .click();
      const dialog = page.getByRole("alertdialog", { name: SITE_CONTENT_TEXTS.restoreTitle });
      await dialog.getByRole("button", { name: "Restore" }).click();
      await said(page, SITE_CONTENT_MESSAGES.restored);
      expect(await page.getByLabel(SITE_DETAILS_LABELS.phone, { exact: true }).inputValue()).toBe(OLD_PHONE);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await said(page, SITE_CONTENT_MESSAGES.published);
      const restored = await visit("/contact").then((r) => r.text());
      expect(restored).toContain(OLD_PHONE);
      expect(restored).not.toContain(NEW_PHONE);
      expect(editor.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await editor.context.close();
      await visitor.context.close();
    }
  });
});
