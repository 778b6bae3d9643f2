import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { ADVISORY_LOCKS } from "./locks";
import * as schema from "./schema";

/** One handle type for both drivers: services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Any number of instances may start at once: migrations run under an advisory lock.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.migrations]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.migrations]).catch(() => {});
      lock.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }

  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, "db");
    mkdirSync(dir, { recursive: true });
  }
  // PGlite's default 128 MB of shared buffers is sized for a server; a site's working set is far
  // smaller, and this keeps the resident memory of a restarted process at ~170 MB instead of ~290.
  const client = await PGlite.create(dir, {
    postgresqlconf: "shared_buffers = 32MB",
    extensions: { pg_trgm },
  });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return { db: pgliteDb as unknown as Database, kind: "pglite", close: () => client.close() };
}
