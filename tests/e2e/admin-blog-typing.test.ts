import { BLOG_MESSAGES } from "@common/content/blog-messages";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminPage, message, setUpBrowser, uniqueTitle } from "./admin";
import { openForm } from "./admin-blog-helpers";

/** Issue 29: the editor never loses a word — paragraph text autosaved as typed, typing through saves kept. */
setUpBrowser();

const LIST = "/admin/dashboard/blog";
const STATES = BLOG_MESSAGES.states;

async function draft(api: APIRequestContext, title: string) {
  const res = await api.post("/api/admin", {
    data: {
      meta_data_title: `Meta ${title}`,
      title,
      readTime: 5,
      template: 1,
      state: "draft",
      content: [0, 1, 2].map((i) => ({
        header: i ? `Header ${i + 1}` : "",
        content: `<p>Body ${i + 1}</p>`,
        img: null,
      })),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).result._id as string;
}

/** The draft as the server has it now. */
async function stored(api: APIRequestContext, id: string) {
  const posts = (await (await api.get("/api/admin/blog?state=draft&limit=100")).json()).result;
  return posts.find((p: { _id: string }) => p._id === id) as {
    title: string;
    content: Array<{ content: string }>;
  };
}

/** Waits until the server's copy of the draft passes `check` (autosave is a few seconds behind typing). */
async function eventually(
  api: APIRequestContext,
  id: string,
  check: (post: Awaited<ReturnType<typeof stored>>) => boolean,
) {
  const deadline = Date.now() + 15_000;
  let post = await stored(api, id);
  while (!check(post) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    post = await stored(api, id);
  }
  return post;
}

const editor = (page: Page, n: number) => page.getByRole("textbox", { name: `Paragraph ${n} content` });
const status = (page: Page) => page.getByTestId("blog-save-status");

describe("the editor never loses a word", () => {
  it("autosaves paragraph text a few seconds after typing, without leaving the editor; a reload and another browser keep it", async () => {
    const { page, context, errors } = await adminPage();
    const id = await draft(context.request, uniqueTitle("Typed paragraph"));
    await openForm(page, `${LIST}/${id}`);
    // Every text the save status shows, in order (a local save can be quicker than a poll).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusSeen: string[] }).statusSeen = seen;
      const element = document.querySelector('[data-testid="blog-save-status"]');
      if (!element) return;
      new MutationObserver(() => seen.push(element.textContent ?? "")).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await editor(page, 2).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" and words typed without leaving");
    // Focus stays in the paragraph's editor: the text reaches the draft as it is typed.
    await status(page).getByText(STATES.saved).waitFor({ timeout: 15_000 });
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    expect(seen).toContain(STATES.saving);
    expect(
      await editor(page, 2).evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      ),
    ).toBe(true);
    const post = await eventually(context.request, id, (p) =>
      p.content[1].content.includes("typed without leaving"),
    );
    expect(post.content[1].content).toContain("Body 2 and words typed without leaving");

    await page.reload();
    await openForm(page, `${LIST}/${id}`);
    expect(await editor(page, 2).textContent()).toContain("and words typed without leaving");
    const other = await adminPage();
    await openForm(other.page, `${LIST}/${id}`);
    expect(await editor(other.page, 2).textContent()).toContain("and words typed without leaving");
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it("keeps what is typed while 'Save draft' is in flight: the answer never replaces it, and it is saved next", async () => {
    const { page, context, errors } = await adminPage();
    const title = uniqueTitle("Typing through a save");
    const id = await draft(context.request, title);
    await openForm(page, `${LIST}/${id}`);
    // The save is held on its way until the typing below is done: typed while it is in flight.
    let held = 0;
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith(`${LIST}/${id}`),
      async (route) => {
        if (route.request().method() === "POST") {
          held += 1;
          await typed;
        }
        await route.continue();
      },
    );
    await page.getByLabel("Title", { exact: true }).fill(`${title} saved`);
    await page.getByRole("button", { name: STATES.saveDraft }).click();
    // While the save is on its way: more words in the title and in a paragraph.
    await page.getByLabel("Title", { exact: true }).fill(`${title} saved, then typed on`);
    await editor(page, 3).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" typed during the save");
    await expect.poll(() => held).toBeGreaterThan(0);
    release();
    await message(page, STATES.draftSaved).waitFor({ timeout: 15_000 });
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(
      `${title} saved, then typed on`,
    );
    expect(await editor(page, 3).textContent()).toContain("typed during the save");
    // And the words typed during the save reach the server with the next autosave (no stale refusal).
    const post = await eventually(
      context.request,
      id,
      (p) =>
        p.title === `${title} saved, then typed on` && p.content[2].content.includes("typed during the save"),
    );
    expect(post.title).toBe(`${title} saved, then typed on`);
    expect(post.content[2].content).toContain("typed during the save");
    await expect(status(page).getByText(STATES.notSaved(BLOG_MESSAGES.post.stale)).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
