import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_PARAGRAPHS_BY_TEMPLATE } from "../../common/content/blog-rules";
import { createServices, type Services } from "../services";
import { buildTestApp, openTestDatabase, TEST_DATABASES, testConfig } from "../test/harness";
import { seedDemoContent, seedDemoContentOnce } from "./seed";

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
    expect(active?.navigation).toBe("/book");

    expect(await seedDemoContent(services)).toBe(false);
    expect(await services.blog.list()).toHaveLength(3);
    expect(await services.popups.list()).toHaveLength(1);
  });

  it("leaves nothing behind when seeding fails half-way, so the next start seeds it all", async () => {
    const database = await openTestDatabase(kind);
    const services = createServices(database.db, testConfig());
    try {
      // The popup comes last: make its insert fail, as a crash there would.
      await database.db.execute(sql`
        create function refuse_popup() returns trigger language plpgsql as
          $$ begin raise exception 'crash mid-seed'; end $$`);
      await database.db.execute(sql`
        create trigger refuse_popup before insert on popups for each row execute function refuse_popup()`);
      await expect(seedDemoContentOnce(database.db, testConfig())).rejects.toThrow();
      expect(await services.blog.list()).toHaveLength(0);
      await database.db.execute(sql`drop trigger refuse_popup on popups`);
      expect(await seedDemoContentOnce(database.db, testConfig())).toBe(true);
      expect(await services.blog.list()).toHaveLength(3);
      expect(await services.popups.active()).toBeTruthy();
    } finally {
      await database.close();
    }
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
      const results = await Promise.all([
        database.firstStart(() => seedDemoContentOnce(database.db, testConfig())),
        database.firstStart(() => seedDemoContentOnce(database.db, testConfig())),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await first.blog.list()).toHaveLength(3);
      expect(await first.popups.list()).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
