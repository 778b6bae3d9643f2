import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../../common/content/blog";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { blogRevisions, images } from "../../db/schema";
import { REVISIONS_KEPT } from "../../services/content/blog";
import { bearer, makePng, postBody, uploadImage } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

/** Every publish and manual save keeps a revision (the last 50); restore one as a new draft. */
describe.each(TEST_DATABASES)("revisions on %s", (kind) => {
  const api = signedInApp(kind);

  const put = (id: string, payload: object) =>
    api.app.inject({ method: "PUT", url: `/api/admin/${id}`, headers: bearer(api.token), payload });
  const revisions = async (id: string) =>
    (
      await api.app.inject({ method: "GET", url: `/api/admin/${id}/revisions`, headers: bearer(api.token) })
    ).json().result;
  const imageStatus = async (id: string) =>
    (await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}` })).statusCode;
  /** Whether the image is still stored (served or kept for a revision). */
  const stored = async (id: string) =>
    (await api.app.db.select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1;

  it("keeps one per publish and manual save (who, when, why), none for autosave", async () => {
    const created = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: { ...postBody(1), title: "First words", state: "draft" },
    });
    const post = created.json().result;
    await put(post._id, { ...postBody(1), title: "Second words", state: "published" });
    // Autosave: the screen's save without `by`.
    await api.app.services.blog.update(
      post._id,
      blogPostInputSchema.parse({ ...postBody(1), title: "Autosaved" }),
    );
    const list = await revisions(post._id);
    expect(list.map((r: { title: string; reason: string }) => [r.title, r.reason])).toEqual([
      ["Second words", "published"],
      ["First words", "saved"],
    ]);
    expect(list[0].savedBy).toBe("editor@example.co.uk");
    expect(Date.parse(list[0].savedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await api.app.inject({ method: "GET", url: `/api/admin/${post._id}/revisions` })).statusCode,
    ).toBe(401);
    expect(
      (
        await api.app.inject({
          method: "GET",
          url: `/api/admin/${crypto.randomUUID()}/revisions`,
          headers: bearer(api.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("restores a revision as the post's new draft, with the images it had", async () => {
    const first = await uploadImage(api.app, api.token);
    const created = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: { ...postBody(2, [first, null, null]), title: "With the first picture" },
    });
    const post = created.json().result;
    const second = await uploadImage(api.app, api.token, await makePng(80, 60));
    await put(post._id, { ...postBody(2, [second, null, null]), title: "With the second picture" });
    // The first picture left the post: no longer served (the edit replaced it), but kept while
    // a revision shows it.
    expect(await imageStatus(first)).toBe(404);
    expect(await stored(first)).toBe(true);

    const [, older] = await revisions(post._id);
    expect(older.title).toBe("With the first picture");
    const res = await api.app.inject({
      method: "POST",
      url: `/api/admin/${post._id}/revisions/${older.id}/restore`,
      headers: bearer(api.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ title: "With the first picture", state: "draft", img: first });
    expect((await api.app.inject({ method: "GET", url: `/api/blog/${post._id}` })).statusCode).toBe(404);
    expect((await revisions(post._id))[0]).toMatchObject({
      title: "With the first picture",
      reason: "restored",
    });
    // The restored picture is served again; the one it replaced is kept for its revision only.
    expect(await imageStatus(first)).toBe(200);
    expect(await imageStatus(second)).toBe(404);
    expect(await stored(second)).toBe(true);

    const unknown = await api.app.inject({
      method: "POST",
      url: `/api/admin/${post._id}/revisions/${crypto.randomUUID()}/restore`,
      headers: bearer(api.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BLOG_MESSAGES.post.revisionNotFound);
  });

  it("keeps the last 50 per post; an image goes once neither the post nor a kept revision uses it", async () => {
    const picture = await uploadImage(api.app, api.token);
    const created = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: { ...postBody(2, [picture, null, null]), title: "Save 0" },
    });
    const post = created.json().result;
    // The picture leaves the post at once; only the first revision still shows it.
    for (let n = 1; n <= REVISIONS_KEPT; n++) {
      const res = await put(post._id, { ...postBody(2), title: `Save ${n}` });
      expect(res.statusCode).toBe(200);
      if (n === REVISIONS_KEPT - 1) expect(await stored(picture)).toBe(true);
    }
    const [{ n }] = await api.app.db
      .select({ n: count() })
      .from(blogRevisions)
      .where(eq(blogRevisions.postId, post._id));
    expect(Number(n)).toBe(REVISIONS_KEPT);
    const titles = (await revisions(post._id)).map((r: { title: string }) => r.title);
    expect(titles[0]).toBe(`Save ${REVISIONS_KEPT}`);
    expect(titles).not.toContain("Save 0");
    // The revision that used the picture is gone, and so is the picture.
    expect(await stored(picture)).toBe(false);
  });

  it("deletes a post's revisions and their images with the post", async () => {
    const picture = await uploadImage(api.app, api.token);
    const post = (
      await api.app.inject({
        method: "POST",
        url: "/api/admin",
        headers: bearer(api.token),
        payload: { ...postBody(2, [picture, null, null]), title: "To go" },
      })
    ).json().result;
    await put(post._id, { ...postBody(2), title: "Without it" });
    expect(await stored(picture)).toBe(true);
    await api.app.inject({ method: "DELETE", url: `/api/admin/${post._id}`, headers: bearer(api.token) });
    expect(await stored(picture)).toBe(false);
    const [{ n }] = await api.app.db
      .select({ n: count() })
      .from(blogRevisions)
      .where(eq(blogRevisions.postId, post._id));
    expect(Number(n)).toBe(0);
  });
});
