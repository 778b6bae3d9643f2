import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { freePort } from "../../scripts/server-process.mjs";

/**
 * The database goes away while enquiries arrive. PostgreSQL: the pool's next connections go to a
 * port where nothing listens and its open ones are ended (the driver's own ECONNREFUSED). The
 * embedded database runs in the process and cannot go away: its client refuses as a closed one does.
 */
export async function takeDatabaseDown(
  app: FastifyInstance,
  kind: "pglite" | "postgres",
): Promise<() => Promise<void>> {
  const client = (app.db as unknown as { $client: unknown }).$client;
  if (kind === "postgres") {
    const pool = client as pg.Pool & { options: { connectionString?: string } };
    const url = new URL(pool.options.connectionString ?? "");
    const livePort = url.port || "5432";
    url.port = String(await freePort());
    pool.options.connectionString = url.toString();
    // The open connections end too, as a stopped server's do (this one with them): the pool
    // drops them, and its next ones are refused.
    await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and query not ilike 'listen%'",
    );
    await pool.query("select pg_terminate_backend(pg_backend_pid())").catch(() => undefined);
    return async () => {
      url.port = livePort;
      pool.options.connectionString = url.toString();
    };
  }
  const pglite = client as Record<"query" | "exec" | "transaction", (...args: unknown[]) => Promise<unknown>>;
  const kept = { query: pglite.query, exec: pglite.exec, transaction: pglite.transaction };
  const closed = async () => {
    throw new Error("PGlite is closed");
  };
  Object.assign(pglite, { query: closed, exec: closed, transaction: closed });
  return async () => {
    Object.assign(pglite, kept);
  };
}
