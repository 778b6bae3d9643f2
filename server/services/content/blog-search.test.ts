import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../../common/content/blog";
import { postBody } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

describe.each(TEST_DATABASES)("the admin list's title search on %s", (kind) => {
  let app: FastifyInstance;
  const titles = [
    "Compost in Winter",
    "WINTER haulage",
    "Digestate 100% organic",
    "Digestate_notes",
    "Spring",
  ];

  beforeAll(async () => {
    app = await buildTestApp(kind);
    for (const title of titles)
      await app.services.blog.create(blogPostInputSchema.parse({ ...postBody(1), title }));
  });
  afterAll(() => app.close());

  const search = async (titleContains: string) =>
    (await app.services.blog.listSummaries({ titleContains })).map((post) => post.title).sort();

  it("finds titles containing the term, whatever its case", async () => {
    expect(await search("winter")).toEqual(["Compost in Winter", "WINTER haulage"]);
    expect(await app.services.blog.count({ titleContains: "wInTeR" })).toBe(2);
    expect(await search("")).toEqual([...titles].sort());
    expect(await app.services.blog.count()).toBe(titles.length);
  });

  it("takes LIKE's wildcards literally", async () => {
    expect(await search("%")).toEqual(["Digestate 100% organic"]);
    expect(await search("_")).toEqual(["Digestate_notes"]);
    expect(await search("\\")).toEqual([]);
  });

  it("pages through the matches", async () => {
    const first = await app.services.blog.listSummaries({ titleContains: "digestate", limit: 1 });
    const second = await app.services.blog.listSummaries({ titleContains: "digestate", limit: 1, offset: 1 });
    expect([...first, ...second].map((post) => post.title).sort()).toEqual([
      "Digestate 100% organic",
      "Digestate_notes",
    ]);
  });
});
