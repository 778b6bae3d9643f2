import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../../common/content/blog";
import { images } from "../../db/schema";
import { bearer, postBody, uploadImage } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_DATABASES)("blog API on %s", (kind) => {
  const api = signedInApp(kind);

  const create = (payload: unknown) =>
    api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: payload as object,
    });

  it("creates a post: 201 Created with the post's shape and a server-set dateAdded", async () => {
    const before = Date.now();
    const body = { ...postBody(1), _id: "mine", dateAdded: "1999-01-01T00:00:00Z", img: "x" };
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const { status, result } = res.json();
    expect(status).toBe("Created");
    // The post's fields: the admin's, the server's (_id, dateAdded, img) and its state (state, publishAt, version).
    expect(Object.keys(result).sort()).toEqual(
      [
        "_id",
        "content",
        "dateAdded",
        "img",
        "meta_data_title",
        "readTime",
        "template",
        "title",
        "state",
        "publishAt",
        "version",
        "meta_description",
        "social_image_paragraph",
      ].sort(),
    );
    expect(result).toMatchObject({ state: "published", publishAt: null, version: 1 });
    expect(result._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(result.dateAdded)).toBeGreaterThanOrEqual(before - 1000);
    expect(result.dateAdded).toBe(new Date(result.dateAdded).toISOString());
    expect(result).toMatchObject({
      meta_data_title: "Food waste rules",
      readTime: 4,
      template: 1,
      img: null,
    });
    expect(result.content).toEqual([
      { header: "", content: "<p>Paragraph 1</p>", img: null, alt: "" },
      { header: "Part 2", content: "<p>Paragraph 2</p>", img: null, alt: "" },
      { header: "Part 3", content: "<p>Paragraph 3</p>", img: null, alt: "" },
    ]);
  });

  it("lists posts newest first and reads one; 404 for unknown or malformed ids", async () => {
    const first = (await create({ ...postBody(2), title: "Older" })).json().result;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await create({ ...postBody(3), title: "Newer" })).json().result;
    const list = await api.app.inject({ method: "GET", url: "/api/blog" });
    expect(list.statusCode).toBe(200);
    expect(list.json().status).toBe("Ok");
    const ids = list.json().result.map((p: { _id: string }) => p._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const one = await api.app.inject({ method: "GET", url: `/api/blog/${first._id}` });
    expect(one.json()).toEqual({ status: "Ok", result: first });
    for (const id of [UNKNOWN, "not-a-uuid", "1", "'%20or%201=1--", "%00"]) {
      const res = await api.app.inject({ method: "GET", url: `/api/blog/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().status).toBe("Error");
    }
  });

  it.each([
    [{ meta_data_title: "" }, "Meta data title is missing!"],
    [{ meta_data_title: "   " }, "Meta data title is missing!"],
    [{ meta_data_title: undefined }, "Meta data title is missing!"],
    [{ meta_data_title: "", title: "", readTime: "" }, "Meta data title is missing!"],
    [{ title: "", readTime: "" }, "Title is missing!"],
    [{ title: null }, "Title is missing!"],
    [{ readTime: "" }, "Read time is missing!"],
    [{ readTime: undefined }, "Read time is missing!"],
    [{ readTime: 2 }, "Read time must be a whole number of minutes, at least 3"],
    [{ readTime: 3.5 }, "Read time must be a whole number of minutes, at least 3"],
    [{ template: 0 }, "Template must be a whole number from 1 to 5"],
    [{ template: 6 }, "Template must be a whole number from 1 to 5"],
    [{ template: "two" }, "Template must be a whole number from 1 to 5"],
    [{ content: [] }, "A blog post has exactly 3 paragraphs"],
    [{ content: "x" }, "A blog post has exactly 3 paragraphs"],
    [{ content: [{}, {}, {}] }, "Each paragraph needs its content (HTML text, empty for none)"],
    [
      { content: postBody(1).content.map(({ content: _, ...paragraph }) => paragraph) },
      "Each paragraph needs its content (HTML text, empty for none)",
    ],
    [{ meta_data_title: "m".repeat(201) }, "Meta data title must be at most 200 characters"],
    [{ title: "t".repeat(201) }, "Title must be at most 200 characters"],
  ])("refuses %j with 400 %j", async (change, message) => {
    const res = await create({ ...postBody(1), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "Error", message });
  });

  it("accepts readTime as a numeric string and refuses 2 or 4 paragraphs", async () => {
    expect((await create({ ...postBody(1), readTime: "3" })).json().result.readTime).toBe(3);
    const body = postBody(1);
    expect((await create({ ...body, content: body.content.slice(0, 2) })).statusCode).toBe(400);
    expect((await create({ ...body, content: [...body.content, body.content[0]] })).statusCode).toBe(400);
  });

  it.each([
    [1, [1]],
    [2, [0, 1]],
    [3, [0, 1]],
    [4, [1]],
    [5, [0]],
  ])("template %i allows images only in paragraphs %j", async (template, allowed) => {
    for (const index of [0, 1, 2]) {
      const id = await uploadImage(api.app, api.token);
      const imgs = [null, null, null] as Array<string | null>;
      imgs[index] = id;
      const res = await create(postBody(template, imgs));
      if (allowed.includes(index)) {
        expect(res.statusCode).toBe(201);
        expect(res.json().result.img).toBe(id);
        expect(res.json().result.content[index].img).toBe(id);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          `Template ${template} does not allow an image in paragraph ${index + 1}`,
        );
      }
    }
  });

  it("refuses unknown image ids and images of another post", async () => {
    const unknown = await create(postBody(1, [null, UNKNOWN, null]));
    expect(unknown.json()).toEqual({ status: "Error", message: "The image of paragraph 2 does not exist" });
    expect((await create(postBody(1, [null, "../etc/passwd", null]))).statusCode).toBe(400);
    const id = await uploadImage(api.app, api.token);
    expect((await create(postBody(1, [null, id, null]))).statusCode).toBe(201);
    const taken = await create(postBody(4, [null, id, null]));
    expect(taken.json()).toEqual({
      status: "Error",
      message: "The image of paragraph 2 belongs to another post",
    });
  });

  it("keeps each image's alt text, trimmed; drops it where there is no image; refuses an overlong one", async () => {
    const id = await uploadImage(api.app, api.token);
    const body = postBody(1, [null, id, null]);
    body.content[0] = { ...body.content[0], alt: "no image here" } as (typeof body.content)[0];
    body.content[1] = { ...body.content[1], alt: "  A tanker at a farm gate  " } as (typeof body.content)[1];
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    expect(created.json().result.content.map((p: { alt: string }) => p.alt)).toEqual([
      "",
      "A tanker at a farm gate",
      "",
    ]);
    body.content[1] = { ...body.content[1], alt: "x".repeat(301) } as (typeof body.content)[1];
    expect((await create(body)).json()).toEqual({
      status: "Error",
      message: "Image descriptions (alt text) must be text of at most 300 characters",
    });
  });

  it("sanitises paragraph HTML: keeps the editor's markup, drops scripts, handlers and javascript: URLs", async () => {
    const allowed =
      '<h1 style="text-align: center">One</h1><h2>Two</h2><h3 style="text-align: right">Three</h3>' +
      "<p><strong>b</strong><b>b</b><em>i</em><i>i</i><s>s</s><strike>s</strike><mark>m</mark><br></p>" +
      '<ul><li>a</li></ul><ol><li>b</li></ol><p style="text-align: left"><a href="https://example.co.uk">x</a>' +
      '<a href="mailto:a@b.co.uk">m</a></p>';
    const hostile =
      '<script>alert(1)</script><p onclick="steal()" style="color:red;text-align:justify">x</p>' +
      '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">j</a><iframe src="https://evil"></iframe>' +
      '<h4>h4</h4><a href="https://ok.example" target="_blank" onmouseover="x()">ok</a>';
    const body = postBody(1);
    body.content[0].content = allowed;
    body.content[1].content = hostile;
    const res = await create(body);
    const [kept, cleaned] = res.json().result.content.map((p: { content: string }) => p.content);
    for (const tag of [
      "<h1",
      "<h2>",
      "<h3",
      "<strong>",
      "<b>",
      "<em>",
      "<i>",
      "<s>",
      "<strike>",
      "<mark>",
      "<br />",
      "<ul>",
      "<ol>",
      "<li>",
    ])
      expect(kept).toContain(tag);
    // Alignment is stored as the editor writes it.
    expect(kept).toContain('<h1 style="text-align: center">One</h1>');
    expect(kept).toContain('<h3 style="text-align: right">Three</h3>');
    expect(kept).toContain('<p style="text-align: left">');
    expect(kept).toContain('<a href="https://example.co.uk" rel="noopener noreferrer nofollow">x</a>');
    expect(kept).toContain('href="mailto:a@b.co.uk"');
    expect(cleaned).not.toMatch(
      /script|onclick|onerror|onmouseover|javascript:|iframe|<img|<h4|color|justify|target/i,
    );
    expect(cleaned).toContain("<p>x</p>");
    expect(cleaned).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>');
  });

  it("stores the editor's HTML exactly as the editor writes it", async () => {
    const editorHtml =
      '<h1 style="text-align: center">Heading</h1><h2>Two</h2><h3>Three</h3>' +
      "<p><strong>b</strong> <em>i</em> <s>s</s> <mark>m</mark></p>" +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><p style="text-align: right">r</p><p></p>';
    const body = postBody(1);
    body.content[0].content = editorHtml;
    expect((await create(body)).json().result.content[0].content).toBe(editorHtml);
  });

  it("updates a post: 200 Ok, dateAdded kept, new images linked, replaced ones deleted; 404 for unknown ids", async () => {
    const oldImage = await uploadImage(api.app, api.token);
    const created = (await create(postBody(2, [oldImage, null, null]))).json().result;
    const newImage = await uploadImage(api.app, api.token);
    const res = await api.app.inject({
      method: "PUT",
      url: `/api/admin/${created._id}`,
      headers: bearer(api.token),
      payload: { ...postBody(2, [null, newImage, null]), title: "Edited", dateAdded: "2001-01-01T00:00:00Z" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("Ok");
    expect(res.json().result).toMatchObject({
      _id: created._id,
      title: "Edited",
      dateAdded: created.dateAdded,
      img: newImage,
    });
    const [linked] = await api.app.db
      .select({ postId: images.postId })
      .from(images)
      .where(eq(images.id, newImage));
    expect(linked.postId).toBe(created._id);
    // The replaced image is still the post's: the revision kept at creation shows it;
    // it goes when no revision does (server/routes/content/blog-revisions.test.ts), never left unlinked.
    expect(
      await api.app.db.select({ postId: images.postId }).from(images).where(eq(images.id, oldImage)),
    ).toEqual([{ postId: created._id }]);
    // …but it is not served any more: the edit replaced it.
    expect(
      (await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${oldImage}` })).statusCode,
    ).toBe(404);

    const invalid = await api.app.inject({
      method: "PUT",
      url: `/api/admin/${created._id}`,
      headers: bearer(api.token),
      payload: { ...postBody(2), title: "" },
    });
    expect(invalid.json()).toEqual({ status: "Error", message: "Title is missing!" });
    for (const id of [UNKNOWN, "nope"]) {
      const missing = await api.app.inject({
        method: "PUT",
        url: `/api/admin/${id}`,
        headers: bearer(api.token),
        payload: postBody(1),
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it("keeps images an update still uses, and deletes those neither the post nor a revision shows", async () => {
    const [first, second] = [await uploadImage(api.app, api.token), await uploadImage(api.app, api.token)];
    // Stored without a revision (as autosave stores a draft): only the post shows its images.
    const created = await api.app.services.blog.create(
      blogPostInputSchema.parse(postBody(3, [first, second, null])),
    );
    const save = (body: object) => api.app.services.blog.update(created._id, blogPostInputSchema.parse(body));
    await save(postBody(3, [second, null, null]));
    const left = await api.app.db.select({ id: images.id, postId: images.postId }).from(images);
    expect(left.filter((row) => row.postId === created._id).map((row) => row.id)).toEqual([second]);
    expect(left.some((row) => row.id === first)).toBe(false);
    await save(postBody(3));
    expect(await api.app.db.select().from(images).where(eq(images.postId, created._id))).toEqual([]);
    expect(await api.app.db.select().from(images).where(eq(images.id, second))).toEqual([]);
  });

  it("gives an unused image to exactly one of two posts saved at the same time", async () => {
    const shared = await uploadImage(api.app, api.token);
    const other = (await create(postBody(1))).json().result;
    const answers = await Promise.all([
      create(postBody(4, [null, shared, null])),
      api.app.inject({
        method: "PUT",
        url: `/api/admin/${other._id}`,
        headers: bearer(api.token),
        payload: postBody(1, [null, shared, null]),
      }),
    ]);
    expect(answers.filter((res) => res.statusCode < 300)).toHaveLength(1);
    const refused = answers.find((res) => res.statusCode === 400);
    expect(refused?.json().message).toBe("The image of paragraph 2 belongs to another post");
    const owners = await api.app.db
      .select({ postId: images.postId })
      .from(images)
      .where(eq(images.id, shared));
    const winner = answers.find((res) => res.statusCode < 300)?.json().result;
    expect(owners).toEqual([{ postId: winner._id }]);
  });

  it("deletes a post together with its images", async () => {
    const id = await uploadImage(api.app, api.token);
    const created = (await create(postBody(5, [id, null, null]))).json().result;
    expect((await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}` })).statusCode).toBe(200);
    const res = await api.app.inject({
      method: "DELETE",
      url: `/api/admin/${created._id}`,
      headers: bearer(api.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "Ok" });
    expect((await api.app.inject({ method: "GET", url: `/api/blog/${created._id}` })).statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url: `/api/blog/blog-image/${id}` })).statusCode).toBe(404);
    const again = await api.app.inject({
      method: "DELETE",
      url: `/api/admin/${created._id}`,
      headers: bearer(api.token),
    });
    expect(again.statusCode).toBe(404);
  });

  const list = (headers: Record<string, string> = {}) =>
    api.app.inject({ method: "GET", url: "/api/blog", headers });

  it("answers the list from memory with an ETag and 304, and shows a write on the next request", async () => {
    const first = await list({ "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    const etag = String(first.headers.etag);
    expect((await list({ "if-none-match": etag })).statusCode).toBe(304);
    const plain = await list();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toMatchObject({ status: "Ok", result: expect.any(Array) });
    const gzipped = await list({ "accept-encoding": "gzip" });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    const created = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(api.token),
      payload: postBody(1),
    });
    expect(created.statusCode).toBe(201);
    const after = await list({ "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().result[0]._id).toBe(created.json().result._id);
    const one = await api.app.inject({ method: "GET", url: `/api/blog/${created.json().result._id}` });
    expect(one.json().result.title).toBe(postBody(1).title);

    // An edit changes the kept post too; a deleted one answers 404 again.
    await api.app.inject({
      method: "PUT",
      url: `/api/admin/${created.json().result._id}`,
      headers: bearer(api.token),
      payload: { ...postBody(1), title: "Edited title" },
    });
    expect(
      (await api.app.inject({ method: "GET", url: `/api/blog/${created.json().result._id}` })).json().result
        .title,
    ).toBe("Edited title");
    await api.app.inject({
      method: "DELETE",
      url: `/api/admin/${created.json().result._id}`,
      headers: bearer(api.token),
    });
    expect(
      (await api.app.inject({ method: "GET", url: `/api/blog/${created.json().result._id}` })).statusCode,
    ).toBe(404);
  });

  it("never answers 5xx to hostile bodies", async () => {
    const bodies: unknown[] = [
      null,
      [],
      "text",
      1,
      { content: [null, null, null] },
      { content: [1, 2, 3] },
      { ...postBody(1), content: [{ header: 1, content: {}, img: 5 }, {}, {}] },
      { ...postBody(1), readTime: 1e308 },
      { ...postBody(1), readTime: "1e999" },
      { ...postBody(1), template: -1 },
      { ...postBody(1), __proto__: { admin: true } },
      { ...postBody(1), content: [{ img: "x".repeat(10_000) }, {}, {}] },
      { ...postBody(1), title: "\u0000" },
      { ...postBody(1), content: [{ header: "a\u0000", content: "<p>\u0000</p>", img: null }, {}, {}] },
    ];
    for (const payload of bodies) {
      const res = await api.app.inject({
        method: "POST",
        url: "/api/admin",
        headers: { ...bearer(api.token), "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const nul = await create({ ...postBody(1), title: "\u0000" });
    expect(nul.json()).toEqual({ status: "Error", message: "Title is missing!" });
    const raw = await api.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: { ...bearer(api.token), "content-type": "application/json" },
      payload: "{bad json",
    });
    expect(raw.statusCode).toBe(400);
  });
});
