import { BLOCK_LABELS, BLOCK_PAGE_TEXTS, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { PUBLIC_PAGES } from "@common/content/pages";
import { MENU_MESSAGES, MENU_TEXTS } from "@common/content/site-content/menu";
import { CONTACT_MESSAGES } from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import { ROLE_MESSAGES } from "@common/staff/roles";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminContext, adminPage, invitedColleague, setUpBrowser } from "./admin";
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

/** The page the walk builds (issue 47's campaign page), and the address it is renamed to. */
const ADDRESS = "/bakery-waste";
const RENAMED = "/bakery-waste-collection";
const MENU_WORDS = "Bakery waste";
const MENU_PATH = "/admin/dashboard/site/menu";

/** The enquiry sent in `name`'s name as the office's API shows it (one). */
async function enquiryOf(name: string) {
  const office = await adminPage();
  try {
    const listed = await office.page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
    const { data } = (await listed.json()) as { data: Array<{ source: { landing: string | null } | null }> };
    expect(data).toHaveLength(1);
    return data[0];
  } finally {
    await office.context.close();
  }
}

describe("a landing page built without JavaScript", () => {
  it("an Editor builds /bakery-waste (hero, rich text, FAQ, the form), previews and publishes it, adds it to the menu; a visitor without JavaScript finds it from every page, reads the FAQ's JSON-LD and sends the form from it; renamed, the old address answers 301", {
    timeout: 240_000,
  }, async () => {
    const editor = await adminContext({ javaScriptEnabled: false });
    const visitor = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    try {
      const { page } = editor;
      const password = "editor-landing-pages-password-1";
      await signInWith(page, await invitedColleague("editor", password), password);
      await page.getByRole("link", { name: T.listHeading }).first().click();
      await page.waitForURL("**/admin/dashboard/landing-pages");
      await page.getByLabel(T.address, { exact: true }).fill(ADDRESS);
      await page.getByLabel(T.title, { exact: true }).fill("Bakery waste collection");
      await page.getByRole("button", { name: T.newPage }).click();
      await page.waitForURL(/\/admin\/dashboard\/landing-pages\/[0-9a-f-]{36}$/);
      const editorUrl = page.url();

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

      // Preview: the draft at its address, as it will be published; not public yet.
      await page.getByRole("button", { name: T.preview, exact: true }).click();
      await page.waitForURL(`**${ADDRESS}?*`);
      await page.getByText(BLOCK_PAGE_TEXTS.previewNotice).waitFor();
      await page.getByRole("heading", { level: 1, name: "Bakery waste, collected weekly" }).waitFor();
      const early = await fetch(`${baseURL()}${ADDRESS}`);
      expect(await early.text()).not.toContain("Bakery waste, collected weekly");

      await page.goto(editorUrl);
      await page.getByRole("button", { name: T.publish, exact: true }).click();
      await page.getByRole("status").filter({ hasText: T.published }).waitFor();

      // The main menu: the page added with its own words.
      await page.goto(MENU_PATH);
      await page.getByLabel(MENU_TEXTS.page, { exact: true }).selectOption(ADDRESS);
      await page.getByLabel(MENU_TEXTS.place, { exact: true }).selectOption("main");
      await page.getByLabel(MENU_TEXTS.label, { exact: true }).fill(MENU_WORDS);
      await page.getByRole("button", { name: MENU_TEXTS.add }).click();
      await page
        .getByRole("status")
        .filter({ hasText: MENU_MESSAGES.added(MENU_WORDS) })
        .waitFor();

      // Every page's main menu links to it (the page cache dropped what it kept).
      const tab = await visitor.newPage();
      for (const pathname of [...PUBLIC_PAGES, ADDRESS]) {
        const answer = await tab.goto(pathname);
        expect(answer?.status(), pathname).toBe(200);
        const link = tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MENU_WORDS });
        expect(await link.getAttribute("href"), pathname).toBe(ADDRESS);
      }
      await tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MENU_WORDS }).click();
      await tab.waitForURL(`**${ADDRESS}`);
      await tab.getByRole("heading", { level: 1, name: "Bakery waste, collected weekly" }).waitFor();
      expect(await tab.locator("strong", { hasText: "cake" }).count()).toBe(1);
      await tab.getByText("Which bins do you bring?").click(); // the disclosure opens without JavaScript
      await tab.getByText("240 litre wheelie bins.").waitFor();
      const data = (await tab.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) =>
          JSON.parse(text) as {
            "@type": string;
            mainEntity?: Array<{ "@type": string; name: string; acceptedAnswer?: { text: string } }>;
          },
      );
      const faq = data.find((d) => d["@type"] === "FAQPage");
      expect(faq?.mainEntity?.[0]).toMatchObject({
        "@type": "Question",
        name: "Which bins do you bring?",
        acceptedAnswer: { text: "240 litre wheelie bins." },
      });
      expect(data.map((d) => d["@type"])).toContain("BreadcrumbList");
      // The form block: the contact form, posting to this page (its landing page).
      expect(await tab.locator("#page-enquiry form").getAttribute("action")).toBe(ADDRESS);

      // A visit that lands on the page (from a search, no JavaScript) sends the form from it.
      const landing = await visitor.newPage();
      const name = `Bakery Visitor ${Date.now().toString(36)}`;
      await landing.goto(ADDRESS, { referer: "https://www.google.com/" });
      const served = Date.now();
      const form = landing.locator("#page-enquiry form");
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByLabel("Email", { exact: true }).fill("bakery@example.co.uk");
      await form.getByLabel("Company", { exact: true }).fill("Fen Bakery Ltd");
      await form.getByLabel("Phone", { exact: true }).fill("01733 444 556");
      await form.getByLabel("Message", { exact: true }).fill("Bread and dough, twice a week please.");
      // A person's pace: sooner than the spam check's shortest fill is Spam.
      await landing.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - served)));
      await form.getByRole("button", { name: "Submit" }).click();
      await landing.getByRole("status").filter({ hasText: CONTACT_MESSAGES.success }).waitFor();
      expect(new URL(landing.url()).pathname).toBe(ADDRESS);
      expect((await enquiryOf(name))?.source?.landing).toBe(ADDRESS);

      // Out of the menu again ('Remove'), then renamed: the old address answers 301 to the new.
      await page.goto(MENU_PATH);
      await page.getByRole("button", { name: MENU_TEXTS.removeLabel(MENU_WORDS) }).click();
      await page
        .getByRole("status")
        .filter({ hasText: MENU_MESSAGES.removed(MENU_WORDS) })
        .waitFor();
      await page.goto(editorUrl);
      await page.getByLabel(T.address, { exact: true }).fill(RENAMED);
      await page.getByRole("button", { name: T.publish, exact: true }).click();
      await page.getByRole("status").filter({ hasText: T.published }).waitFor();
      const moved = await fetch(`${baseURL()}${ADDRESS}`, { redirect: "manual" });
      expect([moved.status, moved.headers.get("location")]).toEqual([301, RENAMED]);
      await tab.goto(ADDRESS);
      expect(new URL(tab.url()).pathname).toBe(RENAMED);
      await tab.getByRole("heading", { level: 1, name: "Bakery waste, collected weekly" }).waitFor();
    } finally {
      await editor.context.close();
      await visitor.close();
    }
  });

  it("refuses a Desk every screen and API of it, and shows no link to them", async () => {
    const owner = await adminPage();
    const desk = await adminContext({ javaScriptEnabled: false });
    try {
      const made = await owner.page.request.post("/api/admin/pages", {
        data: { page: { address: `/desk-refused-${Date.now().toString(36)}`, title: "Not the desk's" } },
      });
      expect(made.status()).toBe(201);
      const id = ((await made.json()) as { result: { id: string } }).result.id;
      const password = "desk-landing-pages-password-1";
      await signInWith(desk.page, await invitedColleague("desk", password), password);
      expect(await desk.page.getByRole("link", { name: T.listHeading }).count()).toBe(0);
      for (const screen of [
        "/admin/dashboard/landing-pages",
        `/admin/dashboard/landing-pages/${id}`,
        MENU_PATH,
        "/admin/dashboard/redirects",
      ]) {
        const answer = await desk.page.goto(screen);
        expect(answer?.status(), screen).toBe(403);
        await desk.page.getByText(ROLE_MESSAGES.forbidden("site")).waitFor();
      }
      const page = { address: "/desk-page", title: "Desk" };
      for (const [method, url, data] of [
        ["GET", "/api/admin/pages", undefined],
        ["POST", "/api/admin/pages", { page }],
        ["GET", `/api/admin/pages/${id}`, undefined],
        ["PUT", `/api/admin/pages/${id}/draft`, { page, baseVersion: 0 }],
        ["POST", `/api/admin/pages/${id}/publish`, {}],
        ["POST", `/api/admin/pages/${id}/unpublish`, {}],
        ["DELETE", `/api/admin/pages/${id}/schedule`, undefined],
        ["POST", `/api/admin/pages/${id}/delete`, {}],
        ["POST", `/api/admin/pages/${id}/duplicate`, { address: "/desk-copy" }],
        ["GET", `/api/admin/pages/${id}/revisions`, undefined],
        ["POST", `/api/admin/pages/${id}/revisions/${id}/restore`, {}],
        ["GET", "/api/admin/site/menu", undefined],
        ["PUT", "/api/admin/site/menu/draft", { data: { main: [], footer: [] }, baseVersion: 0 }],
        ["POST", "/api/admin/site/menu/publish", { data: { main: [], footer: [] } }],
      ] as const) {
        const api = await desk.page.request.fetch(url, { method, data });
        expect(api.status(), `${method} ${url}`).toBe(403);
        expect(await api.json()).toEqual({ status: "Error", message: ROLE_MESSAGES.forbidden("site") });
      }
      // The Desk's form posts to the screens are refused too, and the page is as it was.
      const posted = await desk.page.request.post(`/admin/dashboard/landing-pages/${id}`, {
        form: { intent: "unpublish" },
      });
      expect(posted.status()).toBe(403);
      const still = await owner.page.request.get(`/api/admin/pages/${id}`);
      expect(((await still.json()) as { result: { draft: { title: string } } }).result.draft.title).toBe(
        "Not the desk's",
      );
    } finally {
      await owner.context.close();
      await desk.context.close();
    }
  });
});
