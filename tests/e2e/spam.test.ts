import path from "node:path";
import { SPAM_MESSAGES } from "@common/admin-messages";
import { CONTACT_MESSAGES } from "@common/leads/enquiry-messages";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminPage, open, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { dataDir, newPage } from "./browser";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();

/**
 * Fills the contact form as a bot does: at once, as soon as the form (its token in the HTML) is
 * there, with a list of links, and posts it as HTML (no scripts). The list of links is Spam
 * whatever the timing: on a busy machine the send can take longer than the "too fast" time (or
 * the second of "every field filled"), so the reason looked for is the links'.
 */
async function sendAtOnce(page: Page, name: string) {
  await page.goto("/contact");
  for (const [label, value] of [
    ["Name", name],
    ["Email", "quick@example.co.uk"],
    ["Company", "Quick Ltd"],
    ["Phone", "01733 000 999"],
    ["Message", "Please see https://a.example/1 https://a.example/2 https://a.example/3"],
  ])
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Submit" }).click();
}

describe("spam caught without a third party", () => {
  it("answers a bot's form of links like any other, keeps it as Spam with the reasons, and 'Not spam' mails it", async () => {
    const name = `Quick ${Date.now().toString(36)}`;
    const visitor = await newPage(browser(), { javaScriptEnabled: false });
    try {
      await sendAtOnce(visitor.page, name);
      // The visitor wrongly caught sees the normal success screen, with a reference.
      const notice = visitor.page.getByRole("status").filter({ hasText: CONTACT_MESSAGES.success });
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/Your reference: FO-[0-9A-F]{8}/);
    } finally {
      await visitor.context.close();
    }

    const { page, context } = await adminPage({ bypassCSP: true });
    try {
      // Not in the inbox (every status but spam); in the Spam filter.
      const inbox = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
      expect((await inbox.json()).data).toEqual([]);
      const held = await page.request.get(`/api/admin/enquiries?status=spam&q=${encodeURIComponent(name)}`);
      const [enquiry] = (await held.json()).data;
      expect(enquiry.status).toBe("spam");

      await open(page, `/admin/dashboard/enquiries/${enquiry._id}`);
      const reasons = page.getByRole("region", { name: SPAM_MESSAGES.reasons });
      await reasons.getByText(SPAM_MESSAGES.onlyLinks).waitFor();
      await reasons.getByText(/^Score \d+ \(spam from 5\)$/).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await reasons.getByRole("button", { name: SPAM_MESSAGES.notSpam }).click();
      await page.getByRole("region", { name: SPAM_MESSAGES.reasons }).waitFor({ state: "detached" });
      expect(await page.getByRole("combobox", { name: "Status" }).inputValue()).toBe("new");
      // The office's mail, never sent while it was Spam, goes now.
      const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
      expect(mail).toContain(name);
      const after = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
      expect((await after.json()).data.map((e: { _id: string }) => e._id)).toEqual([enquiry._id]);
    } finally {
      await context.close();
    }
  });

  it("keeps the disallowed lists on 'Spam', and an enquiry using a listed word is held", async () => {
    const { page, context } = await adminPage({ bypassCSP: true });
    try {
      await open(page, "/admin/dashboard/spam");
      await page.getByRole("heading", { name: SPAM_MESSAGES.heading, level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // A refused entry is named beside its list, and nothing is saved.
      await page.getByLabel(SPAM_MESSAGES.domains).fill("not a domain");
      await page.getByRole("button", { name: SPAM_MESSAGES.save }).click();
      await page.getByText(SPAM_MESSAGES.invalidDomain).first().waitFor();
      expect(await page.getByLabel(SPAM_MESSAGES.domains).getAttribute("aria-invalid")).toBe("true");
      await open(page, "/admin/dashboard/spam");
      expect(await page.getByLabel(SPAM_MESSAGES.domains).inputValue()).not.toContain("not a domain");

      const word = `zzcheap${Date.now().toString(36)}`;
      const words = page.getByLabel(SPAM_MESSAGES.words);
      await words.fill(`${await words.inputValue()}\n${word}`);
      await page.getByRole("button", { name: SPAM_MESSAGES.save }).click();
      await page.getByText(SPAM_MESSAGES.saved).first().waitFor();
      await open(page, "/admin/dashboard/spam");
      expect(await page.getByLabel(SPAM_MESSAGES.words).inputValue()).toContain(word);

      const name = `Worded ${Date.now().toString(36)}`;
      const res = await page.request.post("/api/contact", {
        data: {
          name,
          email: "worded@example.co.uk",
          company: "Worded Ltd",
          phone: "01733 000 111",
          message: `Buy ${word} now`,
        },
      });
      expect(res.status()).toBe(201);
      const held = await page.request.get(`/api/admin/enquiries?status=spam&q=${encodeURIComponent(name)}`);
      const [enquiry] = (await held.json()).data;
      await open(page, `/admin/dashboard/enquiries/${enquiry._id}`);
      await page
        .getByRole("region", { name: SPAM_MESSAGES.reasons })
        .getByText(SPAM_MESSAGES.word(word))
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
