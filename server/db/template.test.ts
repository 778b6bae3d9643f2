import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { openEmbeddedDatabase } from "./client";
import { blogPosts } from "./schema";
import { copyDatabaseTemplate } from "./template";

describe("the built database template", () => {
  const root = scratchDir("db-template-");
  const template = path.join(root, "template");
  beforeAll(async () => {
    await (await openEmbeddedDatabase(template)).close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is copied into an empty directory and opens there migrated, without initdb", async () => {
    const dir = path.join(root, "data", "db");
    expect(copyDatabaseTemplate(dir, template)).toBe(true);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${dir}.copying`)).toBe(false);
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

  it("never touches a directory that already holds something", () => {
    const dir = path.join(root, "busy");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "keep.txt"), "x");
    expect(copyDatabaseTemplate(dir, template)).toBe(false);
    expect(readdirSync(dir)).toEqual(["keep.txt"]);
  });

  it("does nothing without a template (no build): the database initialises itself", () => {
    expect(copyDatabaseTemplate(path.join(root, "other"), path.join(root, "missing"))).toBe(false);
  });
});
