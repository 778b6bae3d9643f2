import { SITE_CONTENT_MESSAGES } from "@common/content/site-content/messages";
import { PAGE_DOCUMENTS } from "@common/content/site-content/page-documents";
import { SITE_DOCUMENT_TEXTS as T } from "@common/content/site-content/page-messages";
import { type Route, request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { adminPage, open, setUpBrowser } from "./admin";
import { baseURL, waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

const KEY = "page-sustainability";
const EDITOR = `/admin/dashboard/pages/${KEY}`;

// The shared e2e server keeps today's words for every other test file.
afterAll(async () => {
  const owner = await request.newContext({ baseURL: baseURL() });
  await owner.post("/api/admin/login", { data: E2E_ADMIN });
  await owner.post(`/api/admin/site/${KEY}/publish`, { data: { data: PAGE_DOCUMENTS[KEY].defaults } });
  await owner.dispose();
});

describe("a site document's editor loses no word", () => {
  it("keeps words typed while a save is under way, and keeps unsaved words in the tab across a reload", {
    timeout: 60_000,
  }, async () => {
    const { page, context, errors } = await adminPage();
    try {
      // The editor's posts (Save draft, autosave) are held until the test lets them go.
      let holding = true;
      const held: Route[] = [];
      let arrived: () => void = () => {};
      const nextPost = () => new Promise<void>((resolve) => (arrived = resolve));
      await page.route(`**${EDITOR}.data*`, (route) => {
        if (route.request().method() !== "POST" || !holding) return route.continue();
        held.push(route);
        arrived();
      });
      await open(page, EDITOR);
      const title = page.locator("#field-hero-title");
      const lead = page.locator("#field-hero-lead");
      const status = page.getByRole("status").and(page.locator("#document-save-status"));
      const TITLE = "Waste that comes back as soil";
      const LEAD = "Typed while the save was under way: every word of it stays.";

      await title.fill(TITLE);
      let posted = nextPost();
      await page.getByRole("button", { name: T.saveDraft, exact: true }).click();
      await posted;
      await status.getByText(T.saving).waitFor();
      await lead.fill(LEAD);
      // The save's answer comes: what was typed meanwhile is not replaced by it.
      await held.shift()?.continue();
      await page.getByText(SITE_CONTENT_MESSAGES.saved, { exact: true }).waitFor();
      expect(await title.inputValue()).toBe(TITLE);
      expect(await lead.inputValue()).toBe(LEAD);

      // Autosave sends the words; the page is reloaded before the server has them.
      posted = nextPost();
      await posted;
      await status.getByText(T.saving).waitFor();
      holding = false;
      await page.reload();
      await held
        .shift()
        ?.abort()
        .catch(() => {});
      await page.getByText(T.restoredFromTab, { exact: true }).waitFor();
      expect(await lead.inputValue()).toBe(LEAD);
      expect(await title.inputValue()).toBe(TITLE);
      // Autosave sends them again: once the server has them, the tab forgets them.
      await status.getByText(T.saved, { exact: true }).waitFor();
      await page.reload();
      await waitForHydration(page);
      expect(await lead.inputValue()).toBe(LEAD);
      expect(await page.getByText(T.restoredFromTab).count()).toBe(0);
      expect(await page.evaluate((key) => sessionStorage.getItem(`site-document:${key}`), KEY)).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
