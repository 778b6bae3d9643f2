import { BLOG_MESSAGES } from "@common/admin-messages";
import type { Page, Request } from "playwright-core";
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

/** Preview, Submit, Cancel, edit and delete of blog posts, against the real API. */
setUpBrowser();

const LIST = "/admin/dashboard/blog";
const isSave = (request: Request) =>
  /\/api\/admin(\/[0-9a-f-]{36})?$/.test(new URL(request.url()).pathname) &&
  ["POST", "PUT"].includes(request.method());

/** Records the blog saves and image uploads the page makes. */
function watch(page: Page) {
  const saves: Array<{ method: string; at: number }> = [];
  const uploaded: string[] = [];
  page.on("request", (request) => {
    if (isSave(request)) saves.push({ method: request.method(), at: Date.now() });
  });
  page.on("response", async (response) => {
    if (response.url().endsWith("/api/admin/add-image") && response.status() === 201)
      uploaded.push((await response.json()).data.id);
  });
  return { saves, uploaded };
}

const imageStatus = async (page: Page, id: string) =>
  (await page.context().request.get(`/api/blog/blog-image/${id}`)).status();

describe("creating a post", () => {
  it("previews the draft in its template, then Submit saves it once, 1.2 s later, and returns to the list", async () => {
    const { page, context, errors } = await adminPage();
    const title = uniqueTitle("Harvest digest");
    await openForm(page, "/admin/dashboard/blog/create/template-4");
    await fillRequired(page, title, "6");
    await page.getByRole("textbox", { name: "Paragraph 1 content" }).click();
    await page.keyboard.type("Centred opening");
    await page.getByRole("button", { name: "Align center" }).first().click();
    await paragraph(page, 2).getByLabel("Header", { exact: true }).fill("What we collected");
    await paragraph(page, 2)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("yard.png", "png"));
    await paragraph(page, 2).getByLabel("Image description (alt text)").fill("The collection yard");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);

    // The whole post in template 4, the picked image from its local copy.
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByRole("heading", { name: "What we collected" }).waitFor();
    await page.getByText("Centred opening").waitFor();
    const image = page.getByRole("img", { name: "The collection yard" });
    expect(await image.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByText("6 mins").count()).toBeGreaterThan(0);

    const { saves, uploaded } = watch(page);
    const submit = page.getByRole("button", { name: "Submit" });
    const clickedAt = Date.now();
    await submit.dblclick();
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
    await page.getByText(BLOG_MESSAGES.created).waitFor();
    expect(saves).toHaveLength(1);
    expect(saves[0].method).toBe("POST");
    expect(saves[0].at - clickedAt).toBeGreaterThanOrEqual(1150);
    await page.waitForURL((url) => url.pathname === LIST);
    expect(saves).toHaveLength(1);
    expect(await page.evaluate(() => sessionStorage.getItem("blog-draft"))).toBeNull();

    const card = page.getByRole("link", { name: new RegExp(title) });
    await card.waitFor();
    const post = (
      await (
        await context.request.get(`/api/blog/${(await card.getAttribute("href"))?.split("/").pop()}`)
      ).json()
    ).result;
    expect(post).toMatchObject({ title, template: 4, readTime: 6, img: uploaded[0] });
    expect(post.content[0].content).toBe('<p style="text-align: center">Centred opening</p>');
    expect(post.content[1]).toMatchObject({
      header: "What we collected",
      img: uploaded[0],
      alt: "The collection yard",
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the error and enables the buttons again when the save fails, leaving no uploaded image behind", async () => {
    const { page, context } = await adminPage();
    await openForm(page, "/admin/dashboard/blog/create/template-5");
    await fillRequired(page, uniqueTitle("Refused"));
    await paragraph(page, 1)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("a.jpg", "jpeg"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    await page.route("**/api/admin", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"status":"Error"}' })
        : route.continue(),
    );
    const { uploaded } = watch(page);
    const deleted = page.waitForResponse((res) => res.url().includes("/api/admin/delete-image/"));
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(BLOG_MESSAGES.createFailed).waitFor();
    await deleted;
    expect(uploaded).toHaveLength(1);
    expect(await imageStatus(page, uploaded[0])).toBe(404);
    expect(await page.getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancel" }).isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/blog\/preview$/);
    await context.close();
  });

  it("Cancel returns to the form with everything kept; a preview without a draft goes to the list", async () => {
    const { page, context } = await adminPage();
    const title = uniqueTitle("Cancelled");
    await openForm(page, "/admin/dashboard/blog/create/template-3");
    await fillRequired(page, title);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/create\/template-3$/);
    await page.getByLabel("Meta data title").waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);

    const fresh = await adminPage();
    await fresh.page.goto("/admin/dashboard/blog/preview");
    await fresh.page.waitForURL((url) => url.pathname === LIST);
    await fresh.context.close();
    await context.close();
  });
});

describe("editing and deleting a post", () => {
  it("fills the form from the post; Submit uploads the new image, updates the post and deletes the replaced ones", async () => {
    const { page, context } = await adminPage();
    const [first, second] = [await uploadImage(context.request), await uploadImage(context.request, "jpeg")];
    const title = uniqueTitle("To edit");
    const post = await createPost(context.request, { title, template: 2, images: [first, second] });
    await openForm(page, `${LIST}/${post._id}`);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel("Read time").inputValue()).toBe("5");
    expect(await paragraph(page, 2).getByLabel("Header", { exact: true }).inputValue()).toBe("Header 2");
    expect(await page.getByRole("textbox", { name: "Paragraph 1 content" }).textContent()).toBe(
      `Body 1 of ${title}`,
    );
    expect(await paragraph(page, 1).getByLabel("Image description (alt text)").inputValue()).toBe(
      "Picture 1",
    );

    const edited = `${title} edited`;
    await page.getByLabel("Title", { exact: true }).fill(edited);
    await paragraph(page, 1).getByRole("button", { name: "Remove" }).click();
    await paragraph(page, 2)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("new.png", "png"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    const { saves, uploaded } = watch(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(BLOG_MESSAGES.edited).waitFor();
    expect(saves.map((s) => s.method)).toEqual(["PUT"]);
    await page.waitForURL((url) => url.pathname === LIST);

    const saved = (await (await context.request.get(`/api/blog/${post._id}`)).json()).result;
    expect(saved.title).toBe(edited);
    expect(saved.content.map((p: { img: string | null }) => p.img)).toEqual([null, uploaded[0], null]);
    expect(await imageStatus(page, first)).toBe(404);
    expect(await imageStatus(page, second)).toBe(404);
    expect(await imageStatus(page, uploaded[0])).toBe(200);
    await context.close();
  });

  it("shows the edit error and deletes the image it uploaded when the update fails", async () => {
    const { page, context } = await adminPage();
    const post = await createPost(context.request, { title: uniqueTitle("Edit refused"), template: 1 });
    await openForm(page, `${LIST}/${post._id}`);
    await paragraph(page, 2)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("new.png", "png"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    await page.route(`**/api/admin/${post._id}`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"status":"Error"}' }),
    );
    const { uploaded } = watch(page);
    const deleted = page.waitForResponse((res) => res.url().includes("/api/admin/delete-image/"));
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(BLOG_MESSAGES.editFailed).waitFor();
    await deleted;
    expect(await imageStatus(page, uploaded[0])).toBe(404);
    expect(await page.getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
    await context.close();
  });

  it("Delete asks in an alert dialog, then removes the post and its images", async () => {
    const { page, context } = await adminPage();
    const image = await uploadImage(context.request);
    const post = await createPost(context.request, {
      title: uniqueTitle("To delete"),
      template: 5,
      images: [image],
    });
    await openForm(page, `${LIST}/${post._id}`);

    await page.route(`**/api/admin/${post._id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"status":"Error"}' })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText(BLOG_MESSAGES.deleteFailed).waitFor();
    expect((await context.request.get(`/api/blog/${post._id}`)).status()).toBe(200);

    await page.unroute(`**/api/admin/${post._id}`);
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText(BLOG_MESSAGES.deleted).waitFor();
    await page.waitForURL((url) => url.pathname === LIST);
    expect((await context.request.get(`/api/blog/${post._id}`)).status()).toBe(404);
    expect(await imageStatus(page, image)).toBe(404);
    await context.close();
  });

  it("answers an unknown post with a not-found page", async () => {
    const { page, context } = await adminPage();
    const res = await page.goto(`${LIST}/00000000-0000-4000-8000-000000000000`);
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Blog post not found" }).waitFor();
    await context.close();
  });
});
