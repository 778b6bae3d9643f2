// npm run bench:cluster: requests/s and p99 through nginx with 1, 2 and 3 instances (one
// PostgreSQL, one Redis, an SMTP sink, all on this machine), then enquiries and mails counted
// after a SIGKILL of one instance under load. PostgreSQL: a scratch database on the server of
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); Redis: REDIS_URL.
import autocannon from "autocannon";
import pg from "pg";
import { benchPostgresUrl, load, machine, quoteFor } from "./bench-lib.mjs";
import { startCluster } from "./cluster.mjs";
import { ensureBuild } from "./server-process.mjs";

const postgresUrl = benchPostgresUrl();
if (!postgresUrl) {
  console.error("bench:cluster needs PostgreSQL: unset BENCH_SKIP_POSTGRES");
  process.exit(1);
}
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const QUOTE = quoteFor();
const env = { SEED_DEMO: "1", ENQUIRY_RATE_LIMIT: "1000000" };
const quoteRequest = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(QUOTE),
};

async function count(databaseUrl, query) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query)).rows[0].n;
  } finally {
    await client.end();
  }
}

ensureBuild();
console.log(`Machine: ${machine()}; ${DURATION} s per path, 20 connections, through nginx\n`);
console.log("| instances | path | requests/s | p99 latency |\n| --- | --- | --- | --- |");
for (const instances of [1, 2, 3]) {
  const cluster = await startCluster({ instances, postgresUrl, redisUrl, env });
  try {
    const blog = await (await fetch(`${cluster.url}/blog`)).text();
    const post = /href="(\/blog\/(?!rss)[^"?#]+)"/.exec(blog)?.[1];
    for (const [label, path, options] of [
      ["/", "/", {}],
      [`post page`, post, {}],
      ["POST /api/quote", "/api/quote", quoteRequest],
    ]) {
      await load(`${cluster.url}${path}`, { duration: 1, ...options }); // warm-up
      const { rps, p99 } = await load(`${cluster.url}${path}`, { duration: DURATION, ...options });
      console.log(`| ${instances} | ${label} | ${rps} | ${p99} ms |`);
    }
  } finally {
    await cluster.stop();
  }
}

// SIGKILL of one of two instances while enquiries pour in through the balancer.
const cluster = await startCluster({ instances: 2, postgresUrl, redisUrl, env: { ...env, SEED_DEMO: "0" } });
try {
  const running = autocannon({
    url: `${cluster.url}/api/quote`,
    connections: 10,
    duration: 6,
    ...quoteRequest,
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  cluster.instances[1].child.kill("SIGKILL");
  const result = await running;
  const acknowledged = result["2xx"];
  await new Promise((resolve) => setTimeout(resolve, 15_000)); // outbox polls every 5 s
  const stored = await count(cluster.databaseUrl, "select count(*)::int as n from enquiries");
  const pending = await count(
    cluster.databaseUrl,
    "select count(*)::int as n from mail_outbox where state = 'pending'",
  );
  console.log(
    `\nSIGKILL of 1 of 2 instances under load: ${acknowledged} enquiries acknowledged (201), ` +
      `${result.non2xx} refused by nginx (in flight on the killed instance), ${stored} stored, ` +
      `${cluster.mail.messages.length} mailed after 15 s, ${pending} still pending (claims of the killed instance wait out their 90 s lease)`,
  );
} finally {
  await cluster.stop();
}
