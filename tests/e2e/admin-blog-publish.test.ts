import { BLOG_MESSAGES } from "@common/content/blog-messages";
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

/** Preview, Submit, Cancel, edit and delete of blog posts, through the screens' route actions. */
setUpBrowser();

const LIST = "/admin/dashboard/blog";
/** Submit posts the preview's action (React Router's `.data` request): one request per save. */
const SAVE_ACTION = "**/admin/dashboard/blog/preview.data";
const isSave = (request: Request) =>
  new URL(request.url()).pathname === "/admin/dashboard/blog/preview.data" && request.method() === "POST";
const deleteAction = (id: string) => `**/admin/dashboard/blog/${id}.data`;

/** Records the saves the page makes and any call it makes to the API. */
function watch(page: Page) {
  const saves: Array<{ at: number }> = [];
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (isSave(request)) saves.push({ at: Date.now() });
    if (new URL(request.url()).pathname.startsWith("/api/admin")) apiCalls.push(request.url());
  });
  return { saves, apiCalls };
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

    const { saves, apiCalls } = watch(page);
    const submit = page.getByRole("button", { name: "Submit" });
    const clickedAt = Date.now();
    await submit.dblclick();
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
    await page.getByText(BLOG_MESSAGES.created).waitFor();
    expect(saves).toHaveLength(1);
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
    // Created once, the picked image stored with it by the same request: no API call from the page.
    const all = (await (await context.request.get("/api/blog?fields=summary")).json()).result;
    expect(all.filter((p: { title: string }) => p.title === title)).toHaveLength(1);
    expect(apiCalls).toEqual([]);
    expect(post).toMatchObject({ title, template: 4, readTime: 6 });
    expect(post.img).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.content[0].content).toBe('<p style="text-align: center">Centred opening</p>');
    expect(post.content[1]).toMatchObject({
      header: "What we collected",
      img: post.img,
      alt: "The collection yard",
    });
    expect(await imageStatus(page, post.img)).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the error and enables the buttons again when the save fails, uploading nothing on its own", async () => {
    const { page, context } = await adminPage();
    await openForm(page, "/admin/dashboard/blog/create/template-5");
    await fillRequired(page, uniqueTitle("Refused"));
    await paragraph(page, 1)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("a.jpg", "jpeg"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    await page.route(SAVE_ACTION, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"status":"Error"}' }),
    );
    // The images travel inside the one save (server/services/content/blog-save.test.ts: a refused save
    // keeps none of them), so a failed save has nothing to clean up from the browser.
    const { saves, apiCalls } = watch(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(BLOG_MESSAGES.createFailed).waitFor();
    expect(saves).toHaveLength(1);
    expect(apiCalls).toEqual([]);
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
  it("fills the form from the post; Submit stores the new image, updates the post and deletes the replaced ones", async () => {
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
    const { saves } = watch(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(BLOG_MESSAGES.edited).waitFor();
    expect(saves).toHaveLength(1);
    await page.waitForURL((url) => url.pathname === LIST);

    const saved = (await (await context.request.get(`/api/blog/${post._id}`)).json()).result;
    expect(saved.title).toBe(edited);
    // Updated in place: no second post was created.
    const all = (await (await context.request.get("/api/blog?fields=summary")).json()).result;
    expect(
      all.filter((p: { title: string }) => p.title === edited).map((p: { _id: string }) => p._id),
    ).toEqual([post._id]);
    const added = saved.content[1].img;
    expect(added).toMatch(/^[0-9a-f-]{36}$/);
    expect([first, second]).not.toContain(added);
    expect(saved.content.map((p: { img: string | null }) => p.img)).toEqual([null, added, null]);
    // The replaced images are no longer served; they are kept only for the revision made when the
    // post was created (server/routes/content/blog-revisions.test.ts checks restore and when they go).
    expect(await imageStatus(page, first)).toBe(404);
    expect(await imageStatus(page, second)).toBe(404);
    expect(await imageStatus(page, added)).toBe(200);
    const revisions = (await (await context.request.get(`/api/admin/${post._id}/revisions`)).json()).result;
    expect(revisions.map((r: { reason: string }) => r.reason)).toEqual(["published", "published"]);
    await context.close();
  });

  it("shows the edit error and enables Submit again when the update is refused (the post was deleted meanwhile)", async () => {
    const { page, context } = await adminPage();
    const post = await createPost(context.request, { title: uniqueTitle("Edit refused"), template: 1 });
    await openForm(page, `${LIST}/${post._id}`);
    await paragraph(page, 2)
      .locator('input[type="file"]')
      .setInputFiles(await pictureFile("new.png", "png"));
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL(/\/blog\/preview$/);
    // A real refusal from the server: the service stores the picked image, finds no post and
    // rolls both back (server/services/content/blog-save.test.ts counts the images).
    expect((await context.request.delete(`/api/admin/${post._id}`)).status()).toBe(200);
    const answer = page.waitForResponse((res) => isSave(res.request()));
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await answer).status()).toBe(404);
    await page.getByText(BLOG_MESSAGES.editFailed).waitFor();
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

    await page.route(deleteAction(post._id), (route) =>
      route.request().method() === "POST"
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

    await page.unroute(deleteAction(post._id));
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
