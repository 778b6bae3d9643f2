import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { IMAGE_PARAGRAPHS_BY_TEMPLATE } from "@common/content/blog-rules";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminPage, setUpBrowser, uniqueTitle } from "./admin";
import { fillRequired, openForm, paragraph, pictureFile } from "./admin-blog-helpers";

/** The blog create form: image inputs, upload rules, validation, the editor and the draft. */
setUpBrowser();

const CREATE = (n: number | string) => `/admin/dashboard/blog/create/template-${n}`;

async function formPage(path = CREATE(1)) {
  const opened = await adminPage();
  await openForm(opened.page, path);
  return opened;
}

describe("the create form", () => {
  it("has a file input exactly where each template allows an image, and headers after the first paragraph", async () => {
    const { page, context, errors } = await formPage();
    for (const template of [1, 2, 3, 4, 5]) {
      await openForm(page, CREATE(template));
      await expect(page.locator("header .eyebrow").textContent()).resolves.toBe(`Template ${template}`);
      for (const index of [0, 1, 2]) {
        const fieldset = paragraph(page, index + 1);
        const expected = IMAGE_PARAGRAPHS_BY_TEMPLATE[template].includes(index) ? 1 : 0;
        expect(
          await fieldset.locator('input[type="file"]').count(),
          `template ${template}, index ${index}`,
        ).toBe(expected);
        expect(await fieldset.getByLabel("Header", { exact: true }).count()).toBe(index === 0 ? 0 : 1);
      }
    }
    expect(await page.locator('input[type="file"]').first().getAttribute("accept")).toBe(
      "image/png,image/jpeg",
    );
    const readTime = page.getByLabel("Read time");
    expect(await readTime.getAttribute("type")).toBe("number");
    expect(await readTime.getAttribute("min")).toBe("3");
    for (const unknown of ["9", "0", "x"]) {
      await openForm(page, CREATE(unknown));
      expect(await page.locator("header .eyebrow").textContent()).toBe("Template 1");
    }
    await openForm(page, "/admin/dashboard/blog/create/anything");
    expect(await page.locator("header .eyebrow").textContent()).toBe("Template 1");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes png and jpeg images with a preview at once and Remove; refuses gif and text with a message", async () => {
    const { page, context } = await formPage(CREATE(2));
    const first = paragraph(page, 1);
    const input = first.locator('input[type="file"]');
    for (const [name, format] of [
      ["field.png", "png"],
      ["field.jpg", "jpeg"],
    ] as const) {
      await input.setInputFiles(await pictureFile(name, format));
      const preview = first.locator("img");
      await preview.waitFor();
      expect(await preview.getAttribute("src")).toMatch(new RegExp(`^data:image/${format};base64,`));
      await first.getByLabel("Image description (alt text)").fill("A green field");
      expect(await preview.getAttribute("alt")).toBe("A green field");
      await first.getByRole("button", { name: "Remove" }).click();
      expect(await first.locator("img").count()).toBe(0);
      expect(await first.getByLabel("Image description (alt text)").count()).toBe(0);
    }
    const refused = [
      await pictureFile("moving.gif", "gif"),
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
      // Judged by its bytes, not its name: a gif called .png is refused too.
      { ...(await pictureFile("renamed.png", "gif")), mimeType: "image/png" },
    ];
    for (const file of refused) {
      await input.setInputFiles(file);
      await first.getByText(BLOG_MESSAGES.imageType).waitFor();
      expect(await first.locator("img").count(), file.name).toBe(0);
    }
    // A good file afterwards is taken and the message goes.
    await input.setInputFiles(await pictureFile("ok.png", "png"));
    await first.locator("img").waitFor();
    expect(await first.getByText(BLOG_MESSAGES.imageType).count()).toBe(0);
    await context.close();
  });

  it("Preview checks meta data title, title and read time in that order, each message for 0.8 s", async () => {
    const { page, context } = await formPage(CREATE(3));
    const message = page.getByTestId("blog-form-message");
    const preview = page.getByRole("button", { name: "Preview" });
    const expectMessage = async (text: string) => {
      await preview.click();
      await page.getByText(text).waitFor();
      await expect.poll(() => message.textContent(), { timeout: 5000 }).toBe("");
    };
    await expectMessage(BLOG_MESSAGES.metaDataTitle);
    await page.getByLabel("Title", { exact: true }).fill("Only a title");
    await page.getByLabel("Read time").fill("5");
    await expectMessage(BLOG_MESSAGES.metaDataTitle);
    await page.getByLabel("Meta data title").fill("Meta");
    await page.getByLabel("Title", { exact: true }).fill("");
    await expectMessage(BLOG_MESSAGES.title);
    await page.getByLabel("Title", { exact: true }).fill("A title");
    await page.getByLabel("Read time").fill("");
    await expectMessage(BLOG_MESSAGES.readTime);
    expect(page.url()).toMatch(/template-3$/);
    await page.getByLabel("Read time").fill("6");
    await preview.click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/preview$/);
    await context.close();
  });
});

/** The editor of paragraph n, its toolbar and its HTML. */
function editorOf(page: Page, n: number) {
  const box = page.getByRole("textbox", { name: `Paragraph ${n} content` });
  const toolbar = page.getByRole("toolbar", { name: `Paragraph ${n} content formatting` });
  return {
    box,
    button: (name: string) => toolbar.getByRole("button", { name, exact: true }),
    html: () => box.innerHTML(),
  };
}

describe("the rich-text editor", () => {
  it("has exactly the editor's toolbar buttons, reachable with arrow keys", async () => {
    const { page, context } = await formPage();
    const toolbar = page.getByRole("toolbar", { name: "Paragraph 1 content formatting" });
    // The editor is its own chunk: its toolbar renders once that has loaded.
    await toolbar.getByRole("button").first().waitFor();
    const names = await toolbar
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    expect(names).toEqual([
      "Heading 1",
      "Heading 2",
      "Heading 3",
      "Bold",
      "Italic",
      "Strikethrough",
      "Align left",
      "Align center",
      "Align right",
      "Bullet list",
      "Ordered list",
      "Highlight",
    ]);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await editorOf(page, 1).box.getAttribute("contenteditable")).toBe("true");
    await toolbar.getByRole("button", { name: "Heading 1" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Heading 2");
    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Highlight");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Heading 1");
    await context.close();
  });

  it("formats text with every kind of control, shows it pressed, and saves the HTML on blur (a reload keeps it)", async () => {
    const { page, context } = await formPage(CREATE(4));
    const editor = editorOf(page, 1);
    await editor.box.click();
    await page.keyboard.type("Strong words");
    await page.keyboard.press("ControlOrMeta+A");
    await editor.button("Bold").click();
    expect(await editor.button("Bold").getAttribute("aria-pressed")).toBe("true");
    await editor.button("Highlight").click();
    await editor.button("Heading 2").click();
    await editor.button("Align center").click();
    expect(await editor.button("Align center").getAttribute("aria-pressed")).toBe("true");
    expect(await editor.button("Align left").getAttribute("aria-pressed")).toBe("false");
    const formatted = await editor.html();
    expect(formatted).toMatch(/<h2 style="text-align: center;?">/);
    expect(formatted).toContain("<strong>");
    expect(formatted).toContain("<mark>");

    const second = editorOf(page, 2);
    await second.box.click();
    await page.keyboard.type("First point");
    await second.button("Bullet list").click();
    expect(await second.button("Bullet list").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Step one");
    await second.button("Ordered list").click();
    expect(await second.button("Ordered list").getAttribute("aria-pressed")).toBe("true");

    // Blur: the editor's HTML goes to the draft.
    await page.getByLabel("Title", { exact: true }).click();
    await page.waitForTimeout(500);
    const saved = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem("blog-draft") ?? "{}").content.map(
        (p: { content: string }) => p.content,
      ),
    );
    expect(saved[0]).toMatch(/^<h2 style="text-align: center;?">(<mark><strong>|<strong><mark>)Strong words/);
    expect(saved[1]).toContain("<ul><li><p>First point</p></li></ul>");
    expect(saved[1]).toContain("<ol><li><p>Step one</p></li></ol>");
    // A reload brings it back into the editors.
    await page.reload();
    await openForm(page, CREATE(4));
    expect(await editorOf(page, 1).html()).toMatch(/<h2 style="text-align: center;?">.*Strong words/);
    expect(await editorOf(page, 2).html()).toContain("<ol><li><p>Step one</p></li></ol>");
    await context.close();
  });

  it("keeps the whole draft, images included, across a reload", async () => {
    const { page, context } = await formPage(CREATE(5));
    const title = uniqueTitle("Reloaded");
    await fillRequired(page, title, "7");
    await paragraph(page, 2).getByLabel("Header", { exact: true }).fill("Second header");
    await paragraph(page, 1)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("a.png", "png"));
    await paragraph(page, 1).getByLabel("Image description (alt text)").fill("A digester");
    await page.waitForTimeout(500);
    await page.reload();
    await openForm(page, CREATE(5));
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel("Read time").inputValue()).toBe("7");
    expect(await paragraph(page, 2).getByLabel("Header", { exact: true }).inputValue()).toBe("Second header");
    expect(await paragraph(page, 1).locator("img").getAttribute("alt")).toBe("A digester");
    await context.close();
  });
});

describe("leaving the form", () => {
  it("asks first when there are changes; staying keeps them, leaving discards the draft", async () => {
    const { page, context } = await formPage(CREATE(1));
    // Untouched: leaving does not ask.
    await page.getByRole("link", { name: "Popups" }).first().click();
    await page.waitForURL(/\/popups$/);
    await openForm(page, CREATE(1));
    await page.getByLabel("Title", { exact: true }).fill("Unsaved title");
    await page.getByRole("link", { name: "Popups" }).first().click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(page.url()).toMatch(/template-1$/);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Unsaved title");
    await page.getByRole("link", { name: "Popups" }).first().click();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/\/popups$/);
    await openForm(page, CREATE(1));
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("");
    await context.close();
  });
});
