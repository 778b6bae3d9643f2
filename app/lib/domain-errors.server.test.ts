import { blogPostInputSchema } from "@common/content/blog";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { describe, expect, it } from "vitest";
import { Conflict, Forbidden, Invalid, Limited, NotFound, Unavailable } from "../../common/errors";
import { done, foundOr404, foundOrNull, invalidInput, refused } from "./domain-errors.server";

/** The screens' action kit: one answer shape, the statuses of the one domain-error mapping. */
describe("the screen action kit", () => {
  it.each([
    [new Invalid("bad input"), 400],
    [new NotFound("gone"), 404],
    [new Conflict("stale"), 409],
    [new Forbidden("not yours"), 403],
    [new Limited("wait"), 429],
    [new Unavailable("later", "counters down"), 503],
  ])("answers %s with { ok: false, error } and the API's status %i", (error, status) => {
    const answer = refused(error);
    expect(answer.init?.status).toBe(status);
    expect(answer.data).toEqual({ ok: false, error: error.message });
  });

  it("shows the action's own failure message unless the input was at fault, and rethrows what is not the domain's", () => {
    expect(refused(new Conflict("internal detail"), "Try again").data.error).toBe("Try again");
    expect(refused(new Invalid("Title is missing!"), "Try again").data.error).toBe("Title is missing!");
    expect(() => refused(new Error("boom"))).toThrow("boom");
  });

  it("reports every field's message, not only the first", () => {
    const parsed = blogPostInputSchema.safeParse({ template: 1, readTime: "", content: [{}, {}, {}] });
    expect(parsed.success).toBe(false);
    const answer = invalidInput(parsed.error?.issues ?? []);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toBe(BLOG_MESSAGES.metaDataTitle);
    expect(answer.data.fieldErrors).toMatchObject({
      meta_data_title: BLOG_MESSAGES.metaDataTitle,
      title: BLOG_MESSAGES.title,
      readTime: BLOG_MESSAGES.readTime,
      "content.0.content": BLOG_MESSAGES.post.contentMissing,
      "content.2.content": BLOG_MESSAGES.post.contentMissing,
    });
    expect(done({ message: "Saved" })).toEqual({ ok: true, message: "Saved" });
  });

  it("is the one not-found helper: null for a screen's own view, the route's 404 otherwise", async () => {
    expect(await foundOrNull(Promise.reject(new NotFound("gone")))).toBeNull();
    expect(await foundOrNull(Promise.resolve(3))).toBe(3);
    await expect(foundOrNull(Promise.reject(new Conflict("no")))).rejects.toThrow("no");
    await expect(foundOr404(Promise.reject(new NotFound("gone")))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
