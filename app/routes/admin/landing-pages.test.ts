import { BLOCK_PAGE_MESSAGES as M, LANDING_PAGE_TEXTS as T } from "@common/content/block-pages";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action as editAction, loader as editLoader } from "./landing-page-edit";
import { action as listAction, loader as listLoader } from "./landing-pages";

const LIST = "http://localhost/admin/dashboard/landing-pages";

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } } | null)?.init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

/** The editor's form as the browser posts it (the names block-page-form.ts reads). */
function editorForm(version: number, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set("baseVersion", String(version));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The 'Landing pages' screens (their loaders and actions as React Router calls them) on both databases. */
describe.each(TEST_DATABASES)("'Landing pages' screens on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const cookieOf = (token: string) => `${ADMIN_AUTH_COOKIE}=${token}`;
  const settle = async (answer: Promise<unknown>) => answer.catch((thrown: unknown) => thrown);
  const post = (url: string, cookie: string, form: FormData, run: typeof listAction, id?: string) =>
    settle(
      run({
        request: new Request(url, { method: "POST", headers: { cookie }, body: form }),
        context: context(),
        params: id ? { id } : {},
      } as never),
    );
  const load = (url: string, cookie: string, run: typeof listLoader, id?: string) =>
    settle(
      run({
        request: new Request(url, { headers: { cookie } }),
        context: context(),
        params: id ? { id } : {},
      } as never),
    );

  it("an Editor makes a page with 'New page', builds it block by block without JavaScript, and publishes it", async () => {
    const cookie = cookieOf(await signInAs(api.app, "editor", "pages-editor@example.co.uk"));
    const refusedForm = new FormData();
    refusedForm.set("address", "/quote");
    refusedForm.set("title", "Quote");
    const refused = await post(LIST, cookie, refusedForm, listAction);
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf(refused)).toMatchObject({ error: M.addressReserved("/quote") });

    const form = new FormData();
    form.set("address", "/bakery-waste");
    form.set("title", "Bakery waste");
    const made = await post(LIST, cookie, form, listAction);
    expect(made).toBeInstanceOf(Response);
    const location = (made as Response).headers.get("location") ?? "";
    const id = location.split("/").at(-1) ?? "";
    expect(location).toBe(`/admin/dashboard/landing-pages/${id}`);
    const url = `${LIST}/${id}`;
    const edit = (fields: Record<string, string>, version: number) =>
      post(url, cookie, editorForm(version, fields), editAction as never, id);
    const page = async () =>
      (
        bodyOf(await load(url, cookie, editLoader as never, id)) as {
          page: { version: number; draft: Record<string, unknown>; state: string };
        }
      ).page;

    const base = { address: "/bakery-waste", title: "Bakery waste" };
    // 'Add block' (a hero, then an FAQ), each saved with what was typed.
    let answer = await edit(
      { ...base, "blocks.count": "0", intent: "add-block", newBlockType: "hero" },
      (await page()).version,
    );
    expect(bodyOf(answer)).toMatchObject({ ok: true, message: T.changed });
    answer = await edit(
      {
        ...base,
        "blocks.count": "1",
        "blocks.0.type": "hero",
        "blocks.0.heading": "Bakery waste, collected",
        intent: "add-block",
        newBlockType: "faq",
      },
      (await page()).version,
    );
    let draft = (await page()).draft as { blocks: Array<Record<string, unknown>> };
    expect(draft.blocks.map((b) => b.type)).toEqual(["hero", "faq"]);
    expect(draft.blocks[0].heading).toBe("Bakery waste, collected");
    // 'Add item' on the FAQ, 'Move up' on it, 'Duplicate block', 'Remove block'.
    const faq = {
      ...base,
      "blocks.count": "2",
      "blocks.0.type": "hero",
      "blocks.0.heading": "Bakery waste, collected",
      "blocks.1.type": "faq",
      "blocks.1.heading": "Questions",
      "blocks.1.items.count": "1",
      "blocks.1.items.0.question": "Which bins?",
      "blocks.1.items.0.answer": "240 l",
    };
    await edit({ ...faq, intent: "add-item:1" }, (await page()).version);
    draft = (await page()).draft as typeof draft;
    expect(draft.blocks[1].items).toEqual([
      { question: "Which bins?", answer: "240 l" },
      { question: "", answer: "" },
    ]);
    await edit({ ...faq, intent: "move-up:1" }, (await page()).version);
    draft = (await page()).draft as typeof draft;
    expect(draft.blocks.map((b) => b.type)).toEqual(["faq", "hero"]);
    await edit({ ...faq, intent: "duplicate:0" }, (await page()).version);
    expect(((await page()).draft as typeof draft).blocks.map((b) => b.type)).toEqual(["hero", "hero", "faq"]);
    await edit({ ...faq, intent: "remove:0" }, (await page()).version);
    expect(((await page()).draft as typeof draft).blocks.map((b) => b.type)).toEqual(["faq"]);

    // A refused publish keeps every word typed and names the field.
    const half = { ...faq, "blocks.1.items.0.answer": "", intent: "publish" };
    const refusedPublish = await edit(half, (await page()).version);
    expect(statusOf(refusedPublish)).toBe(400);
    expect(bodyOf(refusedPublish)).toMatchObject({
      fieldErrors: { "blocks.1.items.0.answer": M.required("Its answer") },
    });
    expect(((await page()).draft as typeof draft).blocks[1].items).toEqual([
      { question: "Which bins?", answer: "" },
    ]);

    // A stale form is refused with who saved.
    const stale = await edit({ ...faq, intent: "save" }, 1);
    expect(statusOf(stale)).toBe(409);

    const published = await edit({ ...faq, intent: "publish" }, (await page()).version);
    expect(bodyOf(published)).toMatchObject({ ok: true, message: T.published });
    expect(await api.app.services.blockPages.published("/bakery-waste")).toMatchObject({ kind: "page" });

    // 'Preview' opens the draft on its address.
    const preview = await edit({ ...faq, intent: "preview" }, (await page()).version);
    expect((preview as Response).headers.get("location")).toBe(`/bakery-waste?preview-page=${id}`);

    // 'Duplicate page' opens the copy; 'Delete page' sends back to the list.
    const copyForm = new FormData();
    copyForm.set("intent", "duplicate");
    copyForm.set("duplicateAddress", "/areas/ely");
    const copy = await post(url, cookie, copyForm, editAction as never, id);
    expect((copy as Response).headers.get("location")).toMatch(
      /^\/admin\/dashboard\/landing-pages\/[0-9a-f-]{36}$/,
    );
    const deleteForm = new FormData();
    deleteForm.set("intent", "delete");
    deleteForm.set("redirectTo", "");
    const deleted = await post(url, cookie, deleteForm, editAction as never, id);
    expect((deleted as Response).headers.get("location")).toBe(
      "/admin/dashboard/landing-pages?deleted=%2Fbakery-waste",
    );
    const list = bodyOf(await load(`${LIST}?deleted=%2Fbakery-waste`, cookie, listLoader)) as {
      pages: Array<{ address: string }>;
      deleted: string;
    };
    expect(list.pages.map((p) => p.address)).toEqual(["/areas/ely"]);
    expect(list.deleted).toBe("/bakery-waste");
  });

  it("refuses Desk the screens and their actions", async () => {
    const cookie = cookieOf(await signInAs(api.app, "desk"));
    const form = new FormData();
    form.set("address", "/desk-page");
    form.set("title", "Desk");
    for (const answer of [await load(LIST, cookie, listLoader), await post(LIST, cookie, form, listAction)]) {
      expect(statusOf(answer)).toBe(403);
      expect(JSON.stringify(bodyOf(answer))).toContain(ROLE_MESSAGES.forbidden("site"));
    }
    expect(await api.app.services.blockPages.published("/desk-page")).toBeUndefined();
  });
});
