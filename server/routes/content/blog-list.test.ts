import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFound } from "../../../common/errors";
import { bearer, makePng, postBody, signIn, uploadImage } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

describe.each(TEST_DATABASES)("blog list paging and summaries on %s", (kind) => {
  let app: FastifyInstance;
  let token: string;
  let image: string;
  /** Newest first, as the list answers. */
  const ids: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(kind);
    token = await signIn(app);
    image = await uploadImage(app, token, await makePng(320, 200));
    for (let i = 1; i <= 5; i++) {
      const body = { ...postBody(2, i === 5 ? [image, null, null] : undefined), title: `Post ${i}` };
      const res = await app.inject({
        method: "POST",
        url: "/api/admin",
        headers: bearer(token),
        payload: body,
      });
      ids.unshift(res.json().result._id);
      await new Promise((r) => setTimeout(r, 3));
    }
  });
  afterAll(() => app.close());

  const list = (query = "") => app.inject({ method: "GET", url: `/api/blog${query}` });

  it("answers the full list by default: every post, bodies included, no paging fields", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["result", "status"]);
    expect(body.result.map((p: { _id: string }) => p._id)).toEqual(ids);
    expect(body.result[0].content[1].content).toBe("<p>Paragraph 2</p>");
  });

  it("pages newest first with page and limit, and says how many posts there are", async () => {
    const first = (await list("?limit=2")).json();
    expect(first).toMatchObject({ status: "Ok", total: 5, page: 1, limit: 2 });
    expect(first.result.map((p: { _id: string }) => p._id)).toEqual(ids.slice(0, 2));
    const second = (await list("?page=2&limit=2")).json();
    expect(second.result.map((p: { _id: string }) => p._id)).toEqual(ids.slice(2, 4));
    const last = (await list("?page=3&limit=2")).json();
    expect(last.result.map((p: { _id: string }) => p._id)).toEqual(ids.slice(4));
    const beyond = (await list("?page=9&limit=2")).json();
    expect(beyond).toMatchObject({ result: [], total: 5, page: 9 });
    const pageOnly = (await list("?page=1")).json();
    expect(pageOnly).toMatchObject({ limit: 12, total: 5 });
    expect(pageOnly.result).toHaveLength(5);
  });

  it("fields=summary leaves out paragraph bodies and keeps everything a card needs", async () => {
    const res = await list("?fields=summary&limit=1");
    const [post] = res.json().result;
    expect(post).toMatchObject({ _id: ids[0], title: "Post 5", template: 2, readTime: 4, img: image });
    expect(post.content).toEqual([
      { header: "", img: image, alt: "" },
      { header: "Part 2", img: null, alt: "" },
      { header: "Part 3", img: null, alt: "" },
    ]);
    const all = (await list("?fields=summary")).json();
    expect(all.result).toHaveLength(5);
    expect(all.total).toBeUndefined();
    expect(JSON.stringify(all)).not.toContain("Paragraph 1");
  });

  it.each([
    ["?page=0", "page must be a whole number, at least 1"],
    ["?page=-1", "page must be a whole number, at least 1"],
    ["?page=1.5", "page must be a whole number, at least 1"],
    ["?page=abc", "page must be a whole number, at least 1"],
    ["?page=", "page must be a whole number, at least 1"],
    ["?page=1&page=2", "page must be a whole number, at least 1"],
    ["?page=99999999999999999999", "page must be a whole number, at least 1"],
    ["?limit=0", "limit must be a whole number from 1 to 100"],
    ["?limit=101", "limit must be a whole number from 1 to 100"],
    ["?limit=1e2", "limit must be a whole number from 1 to 100"],
    ["?fields=all", "fields must be 'summary' when given"],
    ["?fields=summary&fields=summary", "fields must be 'summary' when given"],
  ])("refuses %s with 400", async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message });
  });

  it("looks up image dimensions by id, ignoring unknown and malformed ids", async () => {
    const sizes = await app.services.blog.imageSizes([
      image,
      image,
      "00000000-0000-4000-8000-000000000000",
      "../x",
    ]);
    expect(sizes).toEqual({ [image]: { width: 320, height: 200 } });
    expect(await app.services.blog.imageSizes([])).toEqual({});
  });

  it("knows when each post last changed", async () => {
    const before = await app.services.blog.getWithModified(ids[1]);
    expect(before?.post._id).toBe(ids[1]);
    await app.inject({
      method: "PUT",
      url: `/api/admin/${ids[1]}`,
      headers: bearer(token),
      payload: { ...postBody(2), title: "Changed" },
    });
    const after = await app.services.blog.getWithModified(ids[1]);
    expect(Date.parse(after?.modified ?? "")).toBeGreaterThan(Date.parse(before?.modified ?? ""));
    const entries = await app.services.blog.lastModified();
    expect(entries.map((e) => e.id)).toEqual(ids);
    expect(entries[1].modified).toBe(after?.modified);
    await expect(app.services.blog.getWithModified("nope")).rejects.toThrow(NotFound);
    await expect(app.services.blog.getWithModified(crypto.randomUUID())).rejects.toThrow(NotFound);
    expect(await app.services.blog.count()).toBe(5);
  });

  it("documents the query parameters in OpenAPI", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const names = doc.paths["/api/blog"].get.parameters.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(["fields", "limit", "page"]);
  });
});
