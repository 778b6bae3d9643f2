import { randomUUID } from "node:crypto";
import { BLOCK_LABELS, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { ROLE_MESSAGES } from "@common/staff/roles";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminContext, invitedColleague, setUpBrowser } from "./admin";
import { baseURL } from "./browser";

const browser = setUpBrowser();

/** Signs in through the login form (it works without JavaScript). */
async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

/** 'Add block' of a kind, and the editor drawn again with it. */
async function addBlock(page: Page, kind: keyof typeof BLOCK_LABELS, index: number) {
  await page.getByLabel(T.newBlockType).selectOption({ label: BLOCK_LABELS[kind] });
  await page.getByRole("button", { name: T.addBlock }).click();
  await page.getByRole("heading", { name: T.blockHeading(index + 1, BLOCK_LABELS[kind]) }).waitFor();
}

describe("a landing page built without JavaScript", () => {
  it("an Editor builds a page of hero, rich text, FAQ and the form, publishes it, and a visitor without JavaScript sees it", async () => {
    const address = `/bakery-waste-${randomUUID().slice(0, 8)}`;
    const editor = await adminContext({ javaScriptEnabled: false });
    const visitor = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    try {
      const { page } = editor;
      const password = "editor-landing-pages-password-1";
      await signInWith(page, await invitedColleague("editor", password), password);
      await page.getByRole("link", { name: T.listHeading }).first().click();
      await page.waitForURL("**/admin/dashboard/landing-pages");
      await page.getByLabel(T.address, { exact: true }).fill(address);
      await page.getByLabel(T.title, { exact: true }).fill("Bakery waste collection");
      await page.getByRole("button", { name: T.newPage }).click();
      await page.waitForURL(/\/admin\/dashboard\/landing-pages\/[0-9a-f-]{36}$/);

      await addBlock(page, "hero", 0);
      await page.locator('[name="blocks.0.heading"]').fill("Bakery waste, collected weekly");
      await addBlock(page, "rich-text", 1);
      await page.locator('[name="blocks.1.html"]').fill("<p>Bread, dough and <strong>cake</strong>.</p>");
      await addBlock(page, "faq", 2);
      await page.locator('[name="blocks.2.items.0.question"]').fill("Which bins do you bring?");
      await page.locator('[name="blocks.2.items.0.answer"]').fill("240 litre wheelie bins.");
      await addBlock(page, "form", 3);
      // What was typed before each 'Add block' was kept.
      expect(await page.locator('[name="blocks.0.heading"]').inputValue()).toBe(
        "Bakery waste, collected weekly",
      );
      await page.getByRole("button", { name: T.publish, exact: true }).click();
      await page.getByRole("status").filter({ hasText: T.published }).waitFor();

      const tab = await visitor.newPage();
      await tab.goto(address);
      await tab.getByRole("heading", { level: 1, name: "Bakery waste, collected weekly" }).waitFor();
      expect(await tab.locator("strong", { hasText: "cake" }).count()).toBe(1);
      await tab.getByText("Which bins do you bring?").click(); // the disclosure opens without JavaScript
      await tab.getByText("240 litre wheelie bins.").waitFor();
      const data = (await tab.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as { "@type": string; mainEntity?: Array<{ name: string }> },
      );
      const faq = data.find((d) => d["@type"] === "FAQPage");
      expect(faq?.mainEntity?.[0]?.name).toBe("Which bins do you bring?");
      expect(data.map((d) => d["@type"])).toContain("BreadcrumbList");
      // The form block: the contact form, posting to this page (its landing page).
      expect(await tab.locator("#page-enquiry form").getAttribute("action")).toBe(address);
    } finally {
      await editor.context.close();
      await visitor.close();
    }
  });

  it("refuses a Desk the screen", async () => {
    const desk = await adminContext({ javaScriptEnabled: false });
    try {
      const password = "desk-landing-pages-password-1";
      await signInWith(desk.page, await invitedColleague("desk", password), password);
      const answer = await desk.page.goto("/admin/dashboard/landing-pages");
      expect(answer?.status()).toBe(403);
      await desk.page.getByText(ROLE_MESSAGES.forbidden("site")).waitFor();
    } finally {
      await desk.context.close();
    }
  });
});
