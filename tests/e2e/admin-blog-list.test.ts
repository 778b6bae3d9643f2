import { PUBLIC_PAGES } from "@common/content/pages";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminPage, setUpBrowser, uniqueTitle } from "./admin";
import {
  createPost,
  fillRequired,
  openForm,
  paragraph,
  pictureFile,
  uploadImage,
} from "./admin-blog-helpers";
import { axeViolations } from "./axe";
import { baseURL, newPage, waitForHydration } from "./browser";

/** The admin blog list, the template chooser, every screen's accessibility and layout, bundle sizes. */
const browser = setUpBrowser();

const LIST = "/admin/dashboard/blog";

describe("the blog list", () => {
  it("shows cards filtered by the top-bar search (any case), with images, each opening its edit form", async () => {
    const { page, context, errors } = await adminPage();
    const marker = uniqueTitle("Sorted").split(" ")[1];
    const image = await uploadImage(context.request);
    const withImage = await createPost(context.request, {
      title: `Pictured ${marker}`,
      template: 2,
      images: [image],
    });
    const plain = await createPost(context.request, { title: `Plain ${marker}` });
    await page.goto(LIST);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Blogs" }).waitFor();
    await page.getByRole("searchbox", { name: "Search" }).fill(marker.toUpperCase());
    await page.waitForURL((url) => url.searchParams.get("q") === marker.toUpperCase());
    const cards = page.locator("main article");
    await expect.poll(() => cards.count()).toBe(2);
    const pictured = page.getByRole("link", { name: new RegExp(`Pictured ${marker}`) });
    expect(await pictured.getAttribute("href")).toBe(`${LIST}/${withImage._id}`);
    expect(await pictured.locator("img").getAttribute("src")).toContain(image);
    expect(await page.getByRole("link", { name: new RegExp(`Plain ${marker}`) }).getAttribute("href")).toBe(
      `${LIST}/${plain._id}`,
    );
    await pictured.click();
    await page.waitForURL(`**${LIST}/${withImage._id}`);
    await page.getByLabel("Meta data title").waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(`Pictured ${marker}`);

    await page.goto(`${LIST}?q=nothing-is-called-this-${marker}`);
    await page.getByText(`No blog title contains "nothing-is-called-this-${marker}"`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads more cards on demand instead of every post at once", async () => {
    const { page, context } = await adminPage();
    const marker = uniqueTitle("Paged").split(" ")[1];
    for (let i = 1; i <= 26; i++) await createPost(context.request, { title: `Paged ${marker} ${i}` });
    await page.goto(`${LIST}?q=${marker}`);
    await waitForHydration(page);
    const cards = page.locator("main li article");
    expect(await cards.count()).toBe(24);
    await page.getByText("Showing 24 of 26").waitFor();
    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(() => cards.count()).toBe(26);
    expect(await page.getByRole("link", { name: "Load more" }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("q")).toBe(marker);
    await context.close();
  });

  it("shows the loading indicator while the list loads", async () => {
    const { page, context } = await adminPage();
    await page.goto(LIST);
    await waitForHydration(page);
    // Hold the list's data request so the loading state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/dashboard/blog.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Search" }).fill("anything");
    await page.getByRole("status").filter({ hasText: "Loading…" }).waitFor();
    release();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Loading…" }).count()).toBe(0);
    await context.close();
  });

  it("'Create New Blog' leads to the five templates, each opening its create form", async () => {
    const { page, context } = await adminPage();
    await page.goto(LIST);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create New Blog" }).click();
    await page.waitForURL(`**${LIST}/template`);
    await page.getByRole("heading", { level: 1, name: "Choose a Template" }).waitFor();
    for (const n of [1, 2, 3, 4, 5]) {
      const card = page.getByRole("link", { name: `Template ${n}`, exact: true });
      expect(await card.getAttribute("href")).toBe(`${LIST}/create/template-${n}`);
      const item = page.getByRole("listitem").filter({ has: card });
      expect(await item.getByRole("img", { name: `Template ${n} layout` }).count()).toBe(1);
    }
    await page.getByRole("link", { name: "Template 3", exact: true }).click();
    await page.waitForURL(`**${LIST}/create/template-3`);
    await page.getByLabel("Meta data title").waitFor();
    await context.close();
  });

  it("sends a signed-out visitor to the login screen from every blog screen", async () => {
    const { page, context } = await newPage(browser());
    for (const path of [
      LIST,
      `${LIST}/template`,
      `${LIST}/create/template-2`,
      `${LIST}/preview`,
      `${LIST}/x`,
    ]) {
      const res = await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/admin");
      expect(res?.status()).toBe(200);
    }
    await context.close();
  });
});

/** Every admin blog screen, opened as a visitor would reach it. */
async function visitScreens(page: Page, check: (name: string) => Promise<void>) {
  const image = await uploadImage(page.context().request);
  const post = await createPost(page.context().request, {
    title: uniqueTitle("Screens"),
    template: 3,
    images: [image],
  });
  await page.goto(LIST);
  await waitForHydration(page);
  await check("list");
  await page.goto(`${LIST}/template`);
  await waitForHydration(page);
  await check("templates");
  await openForm(page, `${LIST}/create/template-2`);
  await fillRequired(page, uniqueTitle("Screens draft"));
  await paragraph(page, 1)
    .locator('input[type="file"]')
    .setInputFiles(await pictureFile("a.png", "png"));
  await paragraph(page, 1).getByLabel("Image description (alt text)").fill("A tanker");
  await check("create");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.waitForURL(/\/preview$/);
  await page.getByRole("button", { name: "Submit" }).waitFor();
  await check("preview");
  // On a phone the sidebar's links are behind 'Open menu'.
  const popups = page.getByRole("link", { name: "Popups" });
  if (!(await popups.first().isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
  await popups.filter({ visible: true }).first().click();
  await page.getByRole("alertdialog").waitFor();
  await check("leave dialog");
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).click();
  await openForm(page, `${LIST}/${post._id}`);
  await check("edit");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").waitFor();
  await check("delete dialog");
}

describe("every admin blog screen", () => {
  it.each(["dark", "light"] as const)("is axe-clean in the %s theme", async (theme) => {
    const { page, context } = await adminPage({ theme, bypassCSP: true });
    const found: Record<string, string[]> = {};
    await visitScreens(page, async (name) => {
      const violations = await axeViolations(page);
      if (violations.length) found[name] = violations;
    });
    expect(found).toEqual({});
    await context.close();
  });

  it("fits a 360 px phone screen without sideways scrolling", async () => {
    const { page, context } = await adminPage({ width: 360 });
    const wide: string[] = [];
    await visitScreens(page, async (name) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wide.push(`${name}: ${width}px`);
    });
    expect(wide).toEqual([]);
    await context.close();
  });
});

describe("the editor's code", () => {
  it("is in no public page's JavaScript", async () => {
    const { page, context } = await newPage(browser());
    const posts = (await (await fetch(`${baseURL()}/api/blog?limit=1`)).json()).result;
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    for (const path of [...PUBLIC_PAGES, `/blog/${posts[0]._id}`]) {
      await page.goto(path);
      await waitForHydration(page);
      for (const href of await page.$$eval('link[rel="modulepreload"]', (links) =>
        links.map((link) => (link as HTMLLinkElement).href),
      ))
        scripts.add(href);
    }
    // Every script the public site has: the page script and the two islands (decision 0043).
    expect(scripts.size).toBeGreaterThanOrEqual(3);
    const carrying: string[] = [];
    for (const url of scripts)
      if (/prosemirror|tiptap/i.test(await (await fetch(url)).text())) carrying.push(url);
    expect(carrying).toEqual([]);

    // The check itself works: the form's editor chunk does carry them.
    const admin = await adminPage();
    const editorChunks: string[] = [];
    admin.page.on("response", async (response) => {
      if (response.request().resourceType() === "script" && /prosemirror/i.test(await response.text()))
        editorChunks.push(response.url());
    });
    await openForm(admin.page, `${LIST}/create/template-1`);
    await expect.poll(() => editorChunks.length).toBeGreaterThan(0);
    await admin.context.close();
    await context.close();
  });
});
