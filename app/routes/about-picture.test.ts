import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { PAGE_DOCUMENTS } from "@common/content/site-content/page-documents";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../server/pages/load-context";
import { bearer, postBody, uploadImage } from "../../server/test/content";
import { TEST_DATABASES } from "../../server/test/harness";
import { signedInApp } from "../../server/test/signed-in";
import { loader as aboutLoader } from "./about";

// biome-ignore lint/suspicious/noExplicitAny: the about page's document, edited in place
type Doc = Record<string, any>;
const ABOUT = PAGE_DOCUMENTS["page-about"].label;

/** A site page's picture and the blog: a post never takes a picture a page shows, nor deletes it. */
describe.each(TEST_DATABASES)("pictures of the site's pages and the blog on %s", (kind) => {
  const api = signedInApp(kind);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(api.token), ...(payload ? { payload } : {}) });

  /** Publishes /about with `imageId` as its picture (undefined: the artwork again). */
  async function publishAbout(imageId: string | undefined) {
    const doc = structuredClone(PAGE_DOCUMENTS["page-about"].defaults) as Doc;
    doc.hero.picture = imageId ? { imageId, alt: "Our yard at Whittlesey" } : { alt: "" };
    const { version } = (await call("GET", "/api/admin/site/page-about")).json().result;
    const published = await call("POST", "/api/admin/site/page-about/publish", {
      data: doc,
      baseVersion: version,
    });
    expect(published.statusCode).toBe(200);
  }

  /** /about as its loader gives it to the page, and whether its picture's address answers. */
  async function aboutPicture() {
    const context = loadContext(api.app.services, { nonce: "" });
    const { picture } = await aboutLoader({
      request: new Request("http://localhost/about"),
      context,
      params: {},
    } as never);
    if (!picture) return { src: null, status: 0 };
    return { src: picture.src, status: (await api.app.inject({ url: picture.src })).statusCode };
  }

  it("refuses a post that names a picture /about shows, and deleting posts leaves /about whole", async () => {
    const picture = await uploadImage(api.app, api.token);
    await publishAbout(picture);
    expect(await aboutPicture()).toEqual({ src: `/api/blog/blog-image/${picture}`, status: 200 });

    // Template 1 shows an image in paragraph 2 only: the page's picture there is refused, by name.
    const created = await call("POST", "/api/admin", postBody(1, [null, picture, null]));
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(BLOG_MESSAGES.post.imageOnPage(1, `'${ABOUT}'`));
    // Nor may an existing post take it; a post of its own picture is saved as before.
    const own = await uploadImage(api.app, api.token);
    const post = (await call("POST", "/api/admin", postBody(1, [null, own, null]))).json().result;
    const taken = await call("PUT", `/api/admin/${post._id}`, postBody(1, [null, picture, null]));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(BLOG_MESSAGES.post.imageOnPage(1, `'${ABOUT}'`));

    // Deleting the post takes its own picture with it, never the page's.
    expect((await call("DELETE", `/api/admin/${post._id}`)).statusCode).toBe(200);
    expect((await api.app.inject({ url: `/api/blog/blog-image/${own}` })).statusCode).toBe(404);
    expect(await aboutPicture()).toEqual({ src: `/api/blog/blog-image/${picture}`, status: 200 });
  });

  it("keeps a post's picture that a page came to show when the post drops it or is deleted", async () => {
    // The post had the picture first; then /about was given the same one (the API takes any stored id).
    const shared = await uploadImage(api.app, api.token);
    const first = (await call("POST", "/api/admin", postBody(1, [null, shared, null]))).json().result;
    await publishAbout(shared);

    // The post's next save still shows it: allowed (it is the post's), and the page keeps showing it.
    const saved = await call("PUT", `/api/admin/${first._id}`, {
      ...postBody(1, [null, shared, null]),
      title: "Still here",
    });
    expect(saved.statusCode).toBe(200);
    // The post drops it (a kept revision still shows it): the page's picture is let go, not hidden or deleted.
    const other = await uploadImage(api.app, api.token);
    const dropped = await call("PUT", `/api/admin/${first._id}`, postBody(1, [null, other, null]));
    expect(dropped.statusCode).toBe(200);
    expect(await aboutPicture()).toEqual({ src: `/api/blog/blog-image/${shared}`, status: 200 });

    // Another post the page's picture shows too: deleting the post leaves the page its picture.
    const second = await uploadImage(api.app, api.token);
    const post = (await call("POST", "/api/admin", postBody(1, [null, second, null]))).json().result;
    await publishAbout(second);
    expect((await call("DELETE", `/api/admin/${post._id}`)).statusCode).toBe(200);
    expect(await aboutPicture()).toEqual({ src: `/api/blog/blog-image/${second}`, status: 200 });
    // Once no page shows it, it is an upload like any other: deleted on request.
    await publishAbout(undefined);
    expect((await call("DELETE", `/api/admin/delete-image/${second}`)).statusCode).toBe(200);
    expect((await api.app.inject({ url: `/api/blog/blog-image/${second}` })).statusCode).toBe(404);
  });
});
