import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { type Broadcast, postgresBroadcast } from "./broadcast";
import { type LockOptions, lockDataDir } from "./data-lock";
import { DURABLE_START_PARAMS, DurableNodeFS } from "./durable-fs";
import { ADVISORY_LOCKS } from "./locks";
import * as schema from "./schema";
import { copyDatabaseTemplate } from "./template";

/** One handle type for both drivers: services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: messages to the other instances using the same database. */
  broadcast?: Broadcast;
  /** PostgreSQL only: the connection pool (its use is reported by /metrics). */
  pool?: pg.Pool;
  /**
   * Runs the first-start steps after the migrations, all while this process is the only one doing
   * so: on PostgreSQL under one advisory lock (replicas starting together take turns, so each step
   * finds the previous instance's work done); the embedded database belongs to one process anyway.
   */
  firstStart<T>(steps: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** The embedded database in dataDir is opened under DATA_DIR/db.lock (see data-lock.ts). */
  lock?: LockOptions;
  /** PostgreSQL: migrate in the caller's `firstStart` (the server) instead of while opening. */
  migrateInFirstStart?: boolean;
  /** The embedded database a first start copies into an empty dataDir (default: the empty one). */
  template?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: the embedded database never needs the network driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const migrate = () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    async function firstStart<T>(steps: () => Promise<T>): Promise<T> {
      // A session lock on a connection of its own: the steps use the pool's other connections.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.firstStart]);
        if (options.migrateInFirstStart) await migrate();
        return await steps();
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.firstStart]).catch(() => {});
        lock.release();
      }
    }
    if (!options.migrateInFirstStart) await firstStart(migrate);
    const broadcast = await postgresBroadcast(pg.Client, options.databaseUrl, (channel, payload) =>
      pool.query("select pg_notify($1, $2)", [channel, payload]),
    );
    return {
      db,
      kind: "postgres",
      broadcast,
      pool,
      firstStart,
      close: async () => {
        await broadcast.close();
        await pool.end();
      },
    };
  }

  if (!options.dataDir) return openEmbeddedDatabase(undefined);
  const lock = await lockDataDir(options.dataDir, options.lock ?? { command: process.argv.join(" ") });
  try {
    const dir = path.resolve(options.dataDir, "db");
    if (!(await copyDatabaseTemplate(dir, options.template))) mkdirSync(dir, { recursive: true });
    const handle = await openEmbeddedDatabase(dir);
    return { ...handle, close: () => handle.close().finally(lock.release) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite's defaults are sized for a server shared by many: 128 MB of shared buffers and shared
 * memory for 100 connections' locks and process slots. The site's working set is far smaller (the
 * OS page cache still holds its files), and PGlite has one connection. Measured in
 * docs/decisions/0016-memory-budget.md.
 */
const PGLITE_SETTINGS = ["shared_buffers = 4MB", "wal_buffers = 256kB", "max_connections = 5"].join("\n");

/**
 * PGlite in `dir` (in memory without one), migrated. `loadDataDir`: in memory, started from a
 * dumped database instead of initdb (the tests' migrated one: server/test/global-setup.ts).
 */
export async function openEmbeddedDatabase(dir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    // On disk, commits are flushed before they return (durable-fs.ts); in memory (tests) nothing is.
    ...(dir ? { dataDir: dir, fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    postgresqlconf: PGLITE_SETTINGS,
    // 1 MB WAL segments instead of 16: a new database is 23 MB instead of 39 (first start copies it).
    initDbStartParams: ["--wal-segsize=1"],
    // The inbox search uses a trigram index (pg_trgm ships with PGlite).
    extensions: { pg_trgm },
  });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: pgliteDb as unknown as Database,
    kind: "pglite",
    firstStart: (steps) => steps(),
    close: () => client.close(),
  };
}
