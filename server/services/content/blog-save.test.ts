import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../../common/content/blog";
import { BLOG_MESSAGES } from "../../../common/content/blog-messages";
import { Invalid, NotFound } from "../../../common/errors";
import { images } from "../../db/schema";
import { makeJpeg, makePng, postBody } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

/** The editor's Submit: the post and its picked image files saved together, or nothing at all. */
describe.each(TEST_DATABASES)("saving a post with its picked images on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind, { IMAGE_MAX_BYTES: "200000" });
  });
  afterAll(() => app.close());

  const imageCount = async () => Number((await app.db.select({ n: count() }).from(images))[0].n);
  const input = (template: number, title = "With pictures") =>
    blogPostInputSchema.parse({
      ...postBody(template),
      title,
      content: postBody(template).content.map((p, i) => ({ ...p, alt: `Alt ${i + 1}` })),
    });

  it("stores each picked file as its paragraph's image, claimed by the post, in one save", async () => {
    const post = await app.services.blog.create(input(2), [await makePng(), await makeJpeg(), null]);
    const [first, second] = post.content.map((p) => p.img);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.content.map((p) => p.alt)).toEqual(["Alt 1", "Alt 2", ""]);
    expect(post.img).toBe(first);
    expect((await app.services.images.get(second as string)).contentType).toBe("image/jpeg");
    // Claimed: the image API refuses to delete it on its own.
    await expect(app.services.images.remove(first as string)).rejects.toThrow(BLOG_MESSAGES.images.inUse);
  });

  it("keeps none of the picked images when the save is refused", async () => {
    const before = await imageCount();
    // A good file, then one that is not an image: refused before anything is written.
    await expect(
      app.services.blog.create(input(2), [await makePng(), Buffer.from("not an image"), null]),
    ).rejects.toThrow(new Invalid(BLOG_MESSAGES.images.notAnImage));
    // Larger than IMAGE_MAX_BYTES (checked before the bytes are read).
    await expect(app.services.blog.create(input(2), [Buffer.alloc(200_001), null, null])).rejects.toThrow(
      BLOG_MESSAGES.images.tooLarge("0.2 MB"),
    );
    // A file where the template allows no image.
    await expect(app.services.blog.create(input(1), [await makePng(), null, null])).rejects.toThrow(
      BLOG_MESSAGES.post.imageNotAllowed(1, 0),
    );
    // The picked image is stored inside the transaction, then the post is missing: rolled back.
    await expect(
      app.services.blog.update(crypto.randomUUID(), input(2), [await makePng(), null, null]),
    ).rejects.toThrow(NotFound);
    // Stored, then a paragraph names an image that does not exist: rolled back too.
    const unknown = blogPostInputSchema.parse({
      ...postBody(2, [null, crypto.randomUUID(), null]),
    });
    await expect(app.services.blog.create(unknown, [await makePng(), null, null])).rejects.toThrow(
      BLOG_MESSAGES.post.imageUnknown(1),
    );
    expect(await imageCount()).toBe(before);
  });

  it("replaces a paragraph's image on update and deletes the one it replaced", async () => {
    const post = await app.services.blog.create(input(3, "Replace"), [await makePng(), null, null]);
    const old = post.content[0].img as string;
    const before = await imageCount();
    const updated = await app.services.blog.update(post._id, input(3, "Replace"), [
      await makeJpeg(),
      null,
      null,
    ]);
    expect(updated.content[0].img).not.toBe(old);
    await expect(app.services.images.get(old)).rejects.toThrow(NotFound);
    expect(await imageCount()).toBe(before);
  });

  it("throws NotFound for unknown posts on read, update and delete", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      await expect(app.services.blog.get(id)).rejects.toThrow(new NotFound(BLOG_MESSAGES.post.notFound));
      await expect(app.services.blog.update(id, input(1))).rejects.toThrow(NotFound);
      await expect(app.services.blog.remove(id)).rejects.toThrow(NotFound);
    }
  });
});
