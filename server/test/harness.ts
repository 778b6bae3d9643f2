import { readFile } from "node:fs/promises";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, inject } from "vitest";
import { scratchDatabase } from "../../scripts/scratch-database.mjs";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type DatabaseHandle, openDatabase, openEmbeddedDatabase } from "../db/client";

/**
 * Integration tests run once per database: the embedded one always, PostgreSQL too when
 * DATABASE_URL is set (CI). Use with `describe.each(TEST_DATABASES)`.
 */
export const TEST_DATABASES: Array<"pglite" | "postgres"> = process.env.DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * A fresh, migrated database: in-memory PGlite, or a scratch PostgreSQL database dropped on close.
 * Each is a copy of the one migrated database the unit project's global setup made
 * (server/test/global-setup.ts); without it (another project), made from scratch.
 */
export async function openTestDatabase(kind: "pglite" | "postgres"): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const dump = inject("migratedPglite");
    if (!dump) return openDatabase({});
    return openEmbeddedDatabase(undefined, new Blob([await readFile(dump)]));
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const scratch = await scratchDatabase(serverUrl, "t", { template: inject("migratedPostgres") });
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A logger's stream that keeps every line written, for tests that read what was logged. */
export function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

/** A test file's database opener: each one opened is closed (and dropped) after the file's tests. */
export function testDatabases(): (kind: "pglite" | "postgres") => Promise<DatabaseHandle> {
  const opened: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });
  return async (kind) => {
    const database = await openTestDatabase(kind);
    opened.push(database);
    return database;
  };
}

/** The tests' secrets key (server/secrets/keyring.ts): a fixed one, so every service opens what another sealed. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");

/** Configuration for tests: quiet, no demo content, overridable like the environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    SEED_DEMO: "0",
    LOG_LEVEL: "silent",
    DATA_DIR: "/nonexistent",
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
}

/** An API-only app on a fresh database; close it after the tests (closes the database too). */
export async function buildTestApp(
  kind: "pglite" | "postgres",
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const database = await openTestDatabase(kind);
  return buildApp({ config: testConfig(env), database, logger: false });
}
