import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../../common/content/blog";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { popupInputSchema } from "../../../common/content/popup";
import { Conflict, Invalid } from "../../../common/errors";
import { postBody } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

/**
 * The post's life in the blog service: one method per move, each deciding what is allowed, and
 * every write announcing that public pages changed (never a read, never a refused write).
 */
describe.each(TEST_DATABASES)("the post's state machine on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.close());

  const input = (title = "A post", extra: object = {}) =>
    blogPostInputSchema.parse({ ...postBody(1), title, ...extra });
  const soon = () => new Date(Date.now() + 3_600_000).toISOString();
  const revisions = async (id: string) => (await app.services.blog.revisions(id)).map((r) => r.reason);

  it("saves a new draft, keeps its revision only for a manual save, and refuses a published post as a draft", async () => {
    const { blog } = app.services;
    const draft = await blog.saveDraft(null, input("Draft"), [], { by: "a@example.com" });
    expect(draft).toMatchObject({ state: "draft", publishAt: null });
    expect(await revisions(draft._id)).toEqual(["saved"]);
    const auto = await blog.autosave(draft._id, input("Draft, typed on"));
    expect(auto).toMatchObject({ state: "draft", title: "Draft, typed on", version: draft.version + 1 });
    expect(await revisions(draft._id)).toEqual(["saved"]);
    const live = await blog.publish(draft._id, input("Live"), [], { by: "a@example.com" });
    expect(live.state).toBe("published");
    expect(await revisions(draft._id)).toEqual(["published", "saved"]);
    await expect(
      blog.saveDraft(live._id, input("Back to draft?"), [], { by: "a@example.com" }),
    ).rejects.toThrow(new Conflict(BLOG_MESSAGES.states.publishedNoDraft));
    await expect(blog.autosave(live._id, input("Autosaved?"))).rejects.toThrow(
      BLOG_MESSAGES.states.publishedNoDraft,
    );
    expect((await blog.get(live._id)).title).toBe("Live");
  });

  it("keeps a scheduled post's time on 'Save draft', refuses a past time and a stale version", async () => {
    const { blog } = app.services;
    const publishAt = soon();
    const scheduled = await blog.schedule(null, input("Later", { state: "scheduled", publishAt }));
    expect(scheduled).toMatchObject({ state: "scheduled", publishAt });
    const saved = await blog.saveDraft(scheduled._id, input("Later, edited"));
    expect(saved).toMatchObject({ state: "scheduled", publishAt, title: "Later, edited" });
    await expect(
      blog.schedule(scheduled._id, input("Past", { publishAt: new Date(Date.now() - 1000).toISOString() })),
    ).rejects.toThrow(new Invalid(BLOG_MESSAGES.post.publishAtPast));
    await expect(
      blog.saveDraft(scheduled._id, input("Stale", { version: scheduled.version })),
    ).rejects.toThrow(new Conflict(BLOG_MESSAGES.post.stale));
  });

  it("announces every successful write to what public pages show, and nothing else", async () => {
    const { blog, popups, contentVersion } = app.services;
    const moved = async (write: () => Promise<unknown>) => {
      const before = contentVersion.current;
      await write().catch(() => {});
      return contentVersion.current - before;
    };
    const post = await blog.saveDraft(null, input("Announced"));
    expect(await moved(() => blog.autosave(post._id, input("Announced again")))).toBe(1);
    expect(await moved(() => blog.schedule(post._id, input("Announced", { publishAt: soon() })))).toBe(1);
    expect(await moved(() => blog.publish(post._id, input("Announced"), [], { by: "a@example.com" }))).toBe(
      1,
    );
    expect(await moved(() => blog.unpublish(post._id))).toBe(1);
    expect(await moved(() => blog.update(post._id, input("Announced", { state: "published" })))).toBe(1);
    const [revision] = await blog.revisions(post._id);
    expect(await moved(() => blog.restore(post._id, revision.id, { by: "a@example.com" }))).toBe(1);
    expect(await moved(() => blog.get(post._id, { state: "all" }))).toBe(0);
    expect(await moved(() => blog.list())).toBe(0);
    // Refused writes change nothing and announce nothing.
    expect(await moved(() => blog.saveDraft(post._id, input("Stale", { version: 1 })))).toBe(0);
    expect(await moved(() => blog.remove(crypto.randomUUID()))).toBe(0);
    expect(await moved(() => blog.remove(post._id))).toBe(1);
    const popup = popupInputSchema.parse({ title: "Hello", content: "Text", navigation: "/contact" });
    let id = "";
    expect(await moved(async () => (id = (await popups.create(popup))._id))).toBe(1);
    expect(await moved(() => popups.update(id, popup))).toBe(1);
    expect(await moved(() => popups.activate(id))).toBe(1);
    expect(await moved(() => popups.deactivate(id))).toBe(1);
    expect(await moved(() => popups.list())).toBe(0);
    expect(await moved(() => popups.remove(id))).toBe(1);
  });
});
