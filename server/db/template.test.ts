import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { openEmbeddedDatabase } from "./client";
import { blogPosts } from "./schema";
import { copyDatabaseTemplate } from "./template";
import { buildDatabaseTemplate } from "./template-build";

describe("the built database template", () => {
  const root = scratchDir("db-template-");
  const template = path.join(root, "template");
  beforeAll(async () => {
    await buildDatabaseTemplate(template);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is copied into an empty directory and opens there migrated, without initdb", async () => {
    const dir = path.join(root, "data", "db");
    expect(await copyDatabaseTemplate(dir, template)).toBe(true);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${dir}.copying`)).toBe(false);
    const database = await openEmbeddedDatabase(dir);
    expect(await database.db.select().from(blogPosts)).toEqual([]);
    await database.close();
  });

  it("holds the site's database alone: initdb's template0 and template1 are dropped", async () => {
    expect(readdirSync(path.join(template, "base"))).toHaveLength(1);
    // The WAL segments PostgreSQL made ahead of need are gone too (at most the current and next).
    const segments = readdirSync(path.join(template, "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segments.length).toBeLessThanOrEqual(2);
    const database = await openEmbeddedDatabase(template);
    const { rows } = (await database.db.execute(sql`select datname from pg_database`)) as unknown as {
      rows: { datname: string }[];
    };
    expect(rows.map((row) => row.datname)).toEqual(["postgres"]);
    await database.close();
  });

  it("is copied by Node itself where cp and sync cannot run (a minimal image)", async () => {
    const dir = path.join(root, "minimal", "db");
    const searchPath = process.env.PATH;
    process.env.PATH = path.join(root, "no-programs-here");
    try {
      expect(await copyDatabaseTemplate(dir, template)).toBe(true);
    } finally {
      process.env.PATH = searchPath;
    }
    expect(readdirSync(dir).sort()).toEqual(readdirSync(template).sort());
    const database = await openEmbeddedDatabase(dir);
    expect(await database.db.select().from(blogPosts)).toEqual([]);
    await database.close();
  });

  it("opens with the small server's memory settings (decision 0016)", async () => {
    const database = await openEmbeddedDatabase(template);
    const setting = async (name: string) =>
      ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
        .rows[0]?.[name];
    expect(await setting("shared_buffers")).toBe("4MB");
    expect(await setting("wal_buffers")).toBe("256kB");
    expect(await setting("max_connections")).toBe("5");
    await database.close();
  });

  it("never touches a directory that already holds something", async () => {
    const dir = path.join(root, "busy");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "keep.txt"), "x");
    expect(await copyDatabaseTemplate(dir, template)).toBe(false);
    expect(readdirSync(dir)).toEqual(["keep.txt"]);
  });

  it("does nothing without a template (no build): the database initialises itself", async () => {
    expect(await copyDatabaseTemplate(path.join(root, "other"), path.join(root, "missing"))).toBe(false);
  });
});
