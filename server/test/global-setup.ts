import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { scratchDatabase } from "../../scripts/scratch-database.mjs";
import { openDatabase, openEmbeddedDatabase } from "../db/client";
import { MIGRATIONS_DIR, ROOT_DIR } from "../paths";

const CACHE_DIR = path.join(ROOT_DIR, "node_modules/.cache/site-test-database");

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump (PGlite's dumpDataDir) of an initialised, migrated, empty embedded database. */
    migratedPglite: string;
    /** A migrated, empty PostgreSQL database nobody connects to, when DATABASE_URL is set. */
    migratedPostgres: string;
  }
}

/**
 * The dump, made once per state of what shapes it (the migrations, PGlite, the way client.ts
 * opens it) and kept in node_modules/.cache: a run after the first starts at once.
 */
async function migratedPglite(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const name = path.join(file.parentPath, file.name);
    hash.update(`${path.relative(MIGRATIONS_DIR, name)}\0`).update(readFileSync(name));
  }
  hash.update(readFileSync(path.join(ROOT_DIR, "server/db/client.ts")));
  hash.update(readFileSync(path.join(ROOT_DIR, "node_modules/@electric-sql/pglite/package.json")));
  const dump = path.join(CACHE_DIR, `migrated-${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(dump)) return dump;
  const embedded = await openEmbeddedDatabase();
  try {
    await embedded.db.execute(sql`CHECKPOINT`);
    const client = (embedded.db as unknown as { $client: PGlite }).$client;
    const bytes = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    mkdirSync(CACHE_DIR, { recursive: true });
    // Dumps of other states a day old go (a run beside this one may still be reading a newer one).
    for (const old of readdirSync(CACHE_DIR).map((name) => path.join(CACHE_DIR, name)))
      if (Date.now() - statSync(old).mtimeMs > 86_400_000) rmSync(old, { force: true });
    const partial = `${dump}.${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, dump); // whole or absent, for a run started beside this one
  } finally {
    await embedded.close();
  }
  return dump;
}

/**
 * The unit project's one-time work: each API test's fresh database starts as a copy of a migrated
 * one instead of running initdb and every migration again (about 2.4 s of CPU per PGlite, measured
 * in docs/decisions/0044-fast-ci.md; PostgreSQL: CREATE DATABASE … TEMPLATE). The harness
 * (server/test/harness.ts) still runs the migrator on each copy, which finds nothing to do.
 */
export async function setup(project: TestProject) {
  project.provide("migratedPglite", await migratedPglite());
  const serverUrl = process.env.DATABASE_URL;
  let template: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  if (serverUrl) {
    template = await scratchDatabase(serverUrl, "t_template");
    const postgres = await openDatabase({ databaseUrl: template.url });
    await postgres.close();
    project.provide("migratedPostgres", new URL(template.url).pathname.slice(1));
  }
  return async () => {
    await template?.drop();
  };
}
