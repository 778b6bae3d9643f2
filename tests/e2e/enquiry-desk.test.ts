import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../common/admin-messages";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { adminPage, open, setUpBrowser } from "./admin";
import { axeViolations } from "./axe";
import { baseURL } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

/** Submits a contact enquiry as a visitor would and answers its id (found through the inbox API). */
async function enquiryOf(page: Page, name: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...VALID_CONTACT, name }),
  });
  expect(res.status).toBe(201);
  const list = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
  return (await list.json()).data[0]._id;
}

const timeline = (page: Page) => page.getByRole("region", { name: LEAD_MESSAGES.timeline }).getByRole("listitem");

describe("the lead desk on an enquiry (issue 22)", () => {
  it("records the status, a note (edited by its author) and the assignment; 'Mine' and 'Unassigned' filter", async () => {
    const { page, context } = await adminPage();
    try {
      const name = `Desk ${Date.now().toString(36)}`;
      const id = await enquiryOf(page, name);
      await open(page, `/admin/dashboard/enquiries/${id}`);
      await page.getByText(LEAD_MESSAGES.timelineEmpty).waitFor();

      await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
      await timeline(page).filter({ hasText: LEAD_MESSAGES.statusChanged("New", "Contacted") }).waitFor();
      expect(await timeline(page).first().textContent()).toContain(E2E_ADMIN.email);

      await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).fill("Rang at 10, call back after lunch");
      await page.getByRole("button", { name: LEAD_MESSAGES.addNote }).click();
      await timeline(page).filter({ hasText: "Rang at 10, call back after lunch" }).waitFor();
      expect(await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).inputValue()).toBe("");
      await page.getByRole("button", { name: LEAD_MESSAGES.editNote }).click();
      await page.getByLabel(LEAD_MESSAGES.editNote).fill("Call back on Friday");
      await page.getByRole("button", { name: LEAD_MESSAGES.saveNote }).click();
      const edited = timeline(page).filter({ hasText: "Call back on Friday" });
      await edited.waitFor();
      expect(await edited.textContent()).toContain("edited");

      await page.getByRole("combobox", { name: LEAD_MESSAGES.assignedTo }).selectOption({ label: E2E_ADMIN.email });
      await timeline(page).filter({ hasText: LEAD_MESSAGES.assigned(E2E_ADMIN.email) }).waitFor();
      // Newest first: the assignment, then the note, then the status.
      const texts = await timeline(page).allTextContents();
      expect(texts).toHaveLength(3);
      expect(texts[0]).toContain(LEAD_MESSAGES.assigned(E2E_ADMIN.email));
      expect(texts[2]).toContain(LEAD_MESSAGES.statusChanged("New", "Contacted"));

      const group = () => page.getByRole("group", { name: LEAD_MESSAGES.assignedFilter });
      await open(page, `/admin/dashboard/enquiries?q=${encodeURIComponent(name)}`);
      await group().getByRole("link", { name: LEAD_MESSAGES.mine, exact: true }).click();
      await page.waitForURL(/assigned=mine/);
      await page.getByRole("link", { name: new RegExp(name) }).waitFor();
      await group().getByRole("link", { name: LEAD_MESSAGES.unassigned, exact: true }).click();
      await page.waitForURL(/assigned=none/);
      await page.getByRole("link", { name: new RegExp(name) }).waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });

  it.each(["dark", "light"] as const)("an enquiry with its timeline has no axe violations (%s)", async (theme) => {
    const { page, context } = await adminPage({ theme, width: theme === "light" ? 360 : 1280, bypassCSP: true });
    try {
      const id = await enquiryOf(page, `Axe desk ${Date.now().toString(36)}`);
      await open(page, `/admin/dashboard/enquiries/${id}`);
      await page.getByLabel(LEAD_MESSAGES.note, { exact: true }).fill("A note for axe");
      await page.getByRole("button", { name: LEAD_MESSAGES.addNote }).click();
      await timeline(page).filter({ hasText: "A note for axe" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
