import { PUBLIC_FORM_MAX_BYTES } from "@common/form-bodies";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_FORM } from "~/lib/content/blog-draft";
import { postBody } from "../../../server/test/content";
import { TEST_DATABASES } from "../../../server/test/harness";
import { buildPagesTestApp } from "../../../server/test/page-build";
import { signInAs } from "../../../server/test/signed-in";
import * as blogCreate from "./blog-create";

const ROUTE_ID = "routes/admin/blog-create";
const SCREEN = "/admin/dashboard/blog/create/2";

/** A photo-like png of several megabytes (noise does not compress), within IMAGE_MAX_BYTES. */
const bigPng = () => {
  const [width, height] = [1100, 1000];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

/** The editor's Submit as the browser sends it (draftForm): the post as JSON and the picked file. */
async function editorForm(image: Buffer) {
  const form = new FormData();
  form.set(DRAFT_FORM.intent, "draft");
  const post = postBody(2);
  post.content = post.content.map((p, i) => ({ ...p, alt: i === 0 ? "A full bin" : "" }));
  form.set(DRAFT_FORM.post, JSON.stringify(post));
  form.set(DRAFT_FORM.image(0), new Blob([new Uint8Array(image)], { type: "image/png" }), "image.png");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get("content-type") as string,
  };
}

/**
 * The blog editor's save with a picked image, through Fastify's page posts (server/pages/form-bodies.ts:
 * files only for a live session on an admin screen) to the screen's real action, on both databases.
 */
describe.each(TEST_DATABASES)("the blog editor's picture upload through the page post, on %s", (kind) => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildPagesTestApp(kind, {
      [ROUTE_ID]: { path: "admin/dashboard/blog/create/:templateId", module: blogCreate },
    });
    cookie = `${ADMIN_AUTH_COOKIE}=${await signInAs(app, "editor", "bodies-editor@example.co.uk")}`;
  });
  afterAll(() => app?.close());

  it("saves a signed-in colleague's post with its picture of several megabytes", async () => {
    const image = await bigPng();
    expect(image.length).toBeGreaterThan(3 * 1024 * 1024);
    const { payload, type } = await editorForm(image);
    expect(payload.length).toBeGreaterThan(PUBLIC_FORM_MAX_BYTES);
    const response = await app.inject({
      method: "POST",
      url: SCREEN,
      payload,
      headers: { cookie, "content-type": type },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json()[ROUTE_ID];
    expect(saved).toMatchObject({ ok: true, id: expect.any(String) });
    const post = await app.services.blog.get(saved.id, { state: "all" });
    expect(post.content[0].img).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.services.images.get(post.content[0].img as string)).contentType).toBe("image/png");
  });

  it("saves nothing for the same post without a session: the screen sends the browser to sign in", async () => {
    const { payload, type } = await editorForm(await bigPng());
    const before = await app.services.blog.count({ state: "all" });
    const response = await app.inject({
      method: "POST",
      url: SCREEN,
      payload,
      headers: { "content-type": type },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/admin");
    expect(await app.services.blog.count({ state: "all" })).toBe(before);
  });
});
