import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { scratchDatabase } from "../../scripts/scratch-database.mjs";
import { startBuiltServer } from "../../scripts/server-process.mjs";

/**
 * Replicas as an orchestrator starts them: three production instances at the same moment on one
 * empty PostgreSQL. Every first-start step runs under one advisory lock, so all three become
 * healthy with one administrator and one copy of the demo content.
 */
const postgresUrl = process.env.DATABASE_URL;

async function rows(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

async function startThree(env: Record<string, string>) {
  const database = await scratchDatabase(postgresUrl!, "cluster");
  // One secrets key shared by the three, as every instance on one database must share it.
  const shared = {
    DATABASE_URL: database.url,
    SECRETS_KEY: randomBytes(32).toString("base64"),
    SEED_DEMO: "1",
    LOG_LEVEL: "info",
    ...env,
  };
  const started = await Promise.allSettled([1, 2, 3].map(() => startBuiltServer(shared)));
  const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  };
  return { database, started, instances, stop };
}

describe.runIf(postgresUrl)("replicas starting together on an empty PostgreSQL", () => {
  it("all become healthy with one administrator from ADMIN_EMAIL and one demo seed", async () => {
    const run = await startThree({ ADMIN_EMAIL: "ops@example.co.uk", ADMIN_PASSWORD: "replica-password-1" });
    try {
      expect(run.started.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual([
        "ok",
        "ok",
        "ok",
      ]);
      expect(await rows(run.database.url, "select email from admins")).toEqual([
        { email: "ops@example.co.uk" },
      ]);
      expect(await rows(run.database.url, "select count(*)::int as n from blog_posts")).toEqual([{ n: 3 }]);
      expect(await rows(run.database.url, "select count(*)::int as n from popups")).toEqual([{ n: 1 }]);
      const logs = run.instances.map((instance) => instance.output());
      expect(logs.filter((log) => log.includes("administrator created from ADMIN_EMAIL"))).toHaveLength(1);
      expect(logs.filter((log) => log.includes("demo content added"))).toHaveLength(1);
    } finally {
      await run.stop();
    }
  });

  it("print one generated administrator password when no ADMIN_EMAIL is set", async () => {
    const run = await startThree({ SEED_DEMO: "0" });
    try {
      expect(run.instances).toHaveLength(3);
      expect(await rows(run.database.url, "select count(*)::int as n from admins")).toEqual([{ n: 1 }]);
      const printed = run.instances.filter((instance) =>
        /Created administrator \S+ with password/.test(instance.output()),
      );
      expect(printed).toHaveLength(1);
    } finally {
      await run.stop();
    }
  });
});
