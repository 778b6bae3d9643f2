// Scratch databases for tests, benchmarks and the local cluster: a PostgreSQL database of its own
// on a server the caller names, or an empty directory for the embedded database (its DATA_DIR).
// The API tests (server/test/harness.ts), the cluster (scripts/cluster.mjs), the browser and
// process tests (tests/e2e) and every benchmark take theirs from here.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A new, empty directory under the system's temporary folder, e.g. for DATA_DIR. */
export const scratchDir = (prefix = "site-") => mkdtempSync(path.join(tmpdir(), prefix));

async function runOn(serverUrl, statement) {
  const { default: pg } = await import("pg"); // loaded only where PostgreSQL is used
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database named `{prefix}_{random}` on the PostgreSQL server of `serverUrl` (any
 * database of that server: only its host, port and credentials are used); drop() removes it,
 * closing whatever connections are still open to it. `template`: a copy of that database instead
 * (one nobody is connected to: the API tests' migrated one, server/test/global-setup.ts).
 */
export async function scratchDatabase(serverUrl, prefix = "scratch", { template } = {}) {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await runOn(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOn(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
