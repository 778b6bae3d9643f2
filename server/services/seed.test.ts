import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_PARAGRAPHS_BY_TEMPLATE } from "../../common/constants";
import { buildTestApp, openTestDatabase, TEST_DATABASES, testConfig } from "../test/harness";
import { createServices, type Services } from ".";
import { seedDemoContent } from "./seed";

describe.each(TEST_DATABASES)("demo content on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let services: Services;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    services = app.services;
  });
  afterAll(() => app.close());

  it("fills an empty database with three posts in different templates and one active popup, once", async () => {
    expect(await seedDemoContent(services)).toBe(true);
    const posts = await services.blog.list();
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.template)).size).toBe(3);
    for (const post of posts) {
      expect(post.content).toHaveLength(3);
      expect(post.readTime).toBeGreaterThanOrEqual(3);
      expect(post.img).toBeTruthy();
      post.content.forEach((paragraph, index) => {
        if (paragraph.img) expect(IMAGE_PARAGRAPHS_BY_TEMPLATE[post.template]).toContain(index);
      });
      const image = await services.images.get(post.img!);
      expect(image?.contentType).toBe("image/png");
    }
    expect(posts.map((p) => p.title).join(" ")).toMatch(/anaerobic digester/i);
    expect(posts.map((p) => p.content.map((c) => c.content).join(" ")).join(" ")).toMatch(/digestate/i);
    const active = await services.popups.active();
    expect(active?.title).toMatch(/free waste review/i);
    expect(active?.navigation).toBe("/contact");

    expect(await seedDemoContent(services)).toBe(false);
    expect(await services.blog.list()).toHaveLength(3);
    expect(await services.popups.list()).toHaveLength(1);
  });

  it("leaves a database with content alone", async () => {
    const other = await buildTestApp(kind);
    await other.services.popups.create({ title: "Mine", content: "Kept", navigation: "/contact" });
    expect(await seedDemoContent(other.services)).toBe(false);
    expect(await other.services.blog.list()).toHaveLength(0);
    await other.close();
  });
});

describe.runIf(TEST_DATABASES.includes("postgres"))("demo content with instances starting together", () => {
  it("is added once when two instances seed the same PostgreSQL at the same moment", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const first = createServices(database.db, testConfig());
      const second = createServices(database.db, testConfig());
      const results = await Promise.all([
        database.firstStart(() => seedDemoContent(first)),
        database.firstStart(() => seedDemoContent(second)),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await first.blog.list()).toHaveLength(3);
      expect(await first.popups.list()).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
