import { randomUUID } from "node:crypto";
import { LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { SITE_DOCUMENT_TEXTS as DRAFT } from "@common/content/site-content/page-messages";
import type { APIRequestContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminContext, adminPage, invitedColleague, open, setUpBrowser } from "./admin";
import { waitForHydration } from "./browser";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();

const EDITOR = (id: string) => `/admin/dashboard/landing-pages/${id}`;

/** A draft page of one empty hero block, made through the API: its id. */
async function draftPage(api: APIRequestContext): Promise<string> {
  const address = `/autosave-${randomUUID().slice(0, 8)}`;
  const made = await api.post("/api/admin/pages", {
    data: {
      page: {
        address,
        title: "Autosave page",
        blocks: [{ type: "hero", heading: "", text: "", imageId: "", alt: "" }],
      },
    },
  });
  if (made.status() !== 201) throw new Error(`page not made: ${await made.text()}`);
  return ((await made.json()) as { result: { id: string } }).result.id;
}

const saveStatus = (page: Page) => page.getByRole("status").and(page.locator("#page-save-status"));

describe("a landing page's editor loses no word", () => {
  it("keeps words typed while a save is under way, and keeps unsaved words in the tab across a reload", {
    timeout: 60_000,
  }, async () => {
    const { page, context, errors } = await adminPage();
    try {
      const id = await draftPage(context.request);
      // The editor's posts (Save draft, autosave) are held until the test lets them go.
      let holding = true;
      const held: Route[] = [];
      let arrived: () => void = () => {};
      const nextPost = () => new Promise<void>((resolve) => (arrived = resolve));
      await page.route(`**${EDITOR(id)}.data*`, (route) => {
        if (route.request().method() !== "POST" || !holding) return route.continue();
        held.push(route);
        arrived();
      });
      await open(page, EDITOR(id));
      const title = page.locator("#page-title");
      const heading = page.locator('[name="blocks.0.heading"]');
      const TITLE = "Bakery waste, collected weekly";
      const HEADING = "Typed while the save was under way: every word of it stays.";

      await title.fill(TITLE);
      let posted = nextPost();
      await page.getByRole("button", { name: T.saveDraft, exact: true }).click();
      await posted;
      await saveStatus(page).getByText(DRAFT.saving).waitFor();
      await heading.fill(HEADING);
      // The save's answer comes: what was typed meanwhile is not replaced by it.
      await held.shift()?.continue();
      await page.getByText(T.saved, { exact: true }).waitFor();
      expect(await title.inputValue()).toBe(TITLE);
      expect(await heading.inputValue()).toBe(HEADING);

      // Autosave sends the heading; the page is reloaded before the server has it.
      posted = nextPost();
      await posted;
      await saveStatus(page).getByText(DRAFT.saving).waitFor();
      holding = false;
      await page.reload();
      await held
        .shift()
        ?.abort()
        .catch(() => {});
      await page.getByText(DRAFT.restoredFromTab, { exact: true }).waitFor();
      expect(await heading.inputValue()).toBe(HEADING);
      expect(await title.inputValue()).toBe(TITLE);
      // Autosave sends it again: once the server has it, the tab forgets it.
      await saveStatus(page).getByText(DRAFT.saved, { exact: true }).waitFor();
      const stored = await context.request.get(`/api/admin/pages/${id}`);
      expect(
        ((await stored.json()) as { result: { draft: { blocks: Array<{ heading: string }> } } }).result.draft
          .blocks[0]?.heading,
      ).toBe(HEADING);
      await page.reload();
      await waitForHydration(page);
      expect(await heading.inputValue()).toBe(HEADING);
      expect(await page.getByText(DRAFT.restoredFromTab).count()).toBe(0);
      expect(await page.evaluate((key) => sessionStorage.getItem(key), `block-page:${id}`)).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("warns an editor whose autosave comes after a colleague's save, naming them, and overwrites nothing of theirs", {
    timeout: 60_000,
  }, async () => {
    const owner = await adminPage();
    const password = "editor-autosave-password-1";
    const email = await invitedColleague("editor", password);
    const colleague = await adminContext();
    try {
      const id = await draftPage(owner.context.request);
      // Signed in through the login API: the context's pages share its cookie.
      const login = await colleague.context.request.post("/api/admin/login", { data: { email, password } });
      expect(login.ok()).toBe(true);
      // Both open the page before either saves.
      await open(owner.page, EDITOR(id));
      await open(colleague.page, EDITOR(id));

      await colleague.page.locator("#page-title").fill("The colleague's title");
      await saveStatus(colleague.page).getByText(DRAFT.saved, { exact: true }).waitFor();

      const MINE = "The owner's heading, typed after the colleague saved";
      await owner.page.locator('[name="blocks.0.heading"]').fill(MINE);
      const alert = owner.page.getByRole("alert").filter({ hasText: `${email} saved this page at` });
      await alert.waitFor();
      // The owner's words stay on screen and in the tab; the colleague's save stands.
      expect(await owner.page.locator('[name="blocks.0.heading"]').inputValue()).toBe(MINE);
      expect(await owner.page.evaluate((key) => sessionStorage.getItem(key), `block-page:${id}`)).toContain(
        MINE,
      );
      const stored = await owner.context.request.get(`/api/admin/pages/${id}`);
      const { result } = (await stored.json()) as {
        result: { draft: { title: string; blocks: Array<{ heading: string }> }; updatedBy: string };
      };
      expect(result.draft.title).toBe("The colleague's title");
      expect(result.draft.blocks[0]?.heading).toBe("");
      expect(result.updatedBy).toBe(email);
      expect(result.updatedBy).not.toBe(E2E_ADMIN.email);
      expect([...owner.errors, ...colleague.errors]).toEqual([]);
    } finally {
      await owner.context.close();
      await colleague.context.close();
    }
  });
});
