// npm run bench:insights: what Insights costs, on the production build.
// 1. Counting beside the page cache: the cached home page, visitors from a search engine (each
//    request a page view, a visit and a referring domain), on a server that counts and on one with
//    INSIGHTS_COUNTING=0, in alternating runs; then the views the counting server wrote are checked
//    against the answers it gave (nothing lost).
// 2. The Insights screen with a year of generated counts at 50,000 visits a day (the referring
//    domains at the per-instance daily cap of 1,000), on the embedded database and on PostgreSQL
//    (BENCH_DATABASE_URL; BENCH_SKIP_POSTGRES=1 skips it): requests/s and p99 of the whole page,
//    for one person asking for ranges not read before, and for four people at once.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { load, machine, onEachDatabase } from "./bench-lib.mjs";
import { scratchDir } from "./scratch-database.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
const ADMIN = { ADMIN_EMAIL: "bench-admin@example.co.uk", ADMIN_PASSWORD: "bench-password-123" };
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

ensureBuild();
/** CPU time a process has used, in ms (Linux /proc; user + system, 10 ms ticks). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const credentials = { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD };
const csvRows = (text) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

// BENCH_ONLY=counting or BENCH_ONLY=screen runs one part alone.
const only = process.env.BENCH_ONLY;
const part = (name) => only === undefined || only === name;

// 1. Counting's cost on the cached home page.
const visitor = { "accept-encoding": "br", "user-agent": CHROME, referer: "https://www.google.com/" };
async function benchCounting() {
  const servers = {
    counting: await startBuiltServer({ ...ADMIN, INSIGHTS_COUNTING: "1" }, { echo: true }),
    off: await startBuiltServer({ INSIGHTS_COUNTING: "0" }, { echo: true }),
  };
  const runs = { counting: [], off: [] };
  let answered = 0;
  try {
    for (const [name, server] of Object.entries(servers)) {
      const warm = await autocannon({
        url: `${server.url}/`,
        connections: CONNECTIONS,
        duration: 2,
        headers: visitor,
      });
      if (name === "counting") answered += warm["2xx"];
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating order: neither server always runs on a machine warmed by the other.
      const order = round % 2 === 0 ? ["off", "counting"] : ["counting", "off"];
      for (const name of order) {
        const cpuBefore = cpuMs(servers[name].child.pid);
        const result = await autocannon({
          url: `${servers[name].url}/`,
          connections: CONNECTIONS,
          duration: DURATION,
          headers: visitor,
        });
        if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
        if (name === "counting") answered += result["2xx"];
        // CPU per answer: what counting costs, whatever else the machine is doing meanwhile.
        const cpuUs = ((cpuMs(servers[name].child.pid) - cpuBefore) * 1000) / result["2xx"];
        runs[name].push({ rps: Math.round(result.requests.average), p99: result.latency.p99, cpuUs });
      }
    }
  } finally {
    await servers.off.stop();
  }
  let counted;
  try {
    // The screen's export writes this instance's counts first: every answer above should be there.
    const token = await signIn(servers.counting.url, credentials);
    const csv = await fetch(
      `${servers.counting.url}/admin/dashboard/insights/export.csv?table=pages&days=30`,
      {
        headers: { cookie: `admin_auth=${token}` },
      },
    );
    counted = Number(csvRows(await csv.text()).find(([page]) => page === "/")?.[1] ?? 0);
  } finally {
    await servers.counting.stop();
  }
  return { runs, answered, counted };
}
const counting = part("counting") ? await benchCounting() : undefined;

// 2. The Insights screen with a year of counts.
const DAYS = "generate_series(current_date - 364, current_date, interval '1 day') as g(d)";
const noise = "(0.8 + random() * 0.4)";
const YEAR_SQL = [
  `insert into insights_pages (day, path, views, visits)
   select d::date, p.path, round(125000 * p.w * ${noise}), round(50000 * p.v * ${noise}) from ${DAYS},
   (select * from (values ('/', 0.22, 0.3), ('/services', 0.08, 0.06), ('/services/2', 0.1, 0.12),
     ('/about', 0.04, 0.02), ('/sustainability', 0.03, 0.02), ('/contact', 0.05, 0.02),
     ('/contact/2', 0.01, 0.01), ('/blog', 0.06, 0.05), ('/quote', 0.06, 0.03), ('/quote/2', 0.04, 0),
     ('/quote/3', 0.035, 0), ('/quote/4', 0.03, 0), ('/quote/5', 0.012, 0), ('/quote/6', 0.01, 0),
     ('/legal/privacy-policy', 0.003, 0.001), ('*', 0.005, 0.01)) as f(path, w, v)
    union all select '/blog/post-' || i, 0.25 / 40, 0.359 / 40 from generate_series(1, 40) i) p`,
  `insert into insights_referrers (day, domain, visits)
   select d::date, r.domain, greatest(1, round(50000 * r.w * ${noise})) from ${DAYS},
   (select * from (values ('', 0.3), ('google.com', 0.4), ('bing.com', 0.05)) as f(domain, w)
    union all select 'site-' || i || '.example', 0.25 / (i * 7.49) from generate_series(1, 997) i) r`,
  `insert into insights_referrers_monthly (month, domain, visits)
   select date_trunc('month', day)::date, domain, sum(visits) from insights_referrers group by 1, 2`,
  `insert into insights_campaigns (day, source, campaign, visits)
   select d::date, 'source-' || (i % 4), 'campaign-' || i, round(100 * ${noise}) from ${DAYS},
   generate_series(1, 20) i`,
  `insert into insights_funnel (day, form, stage, n)
   select d::date, f.form, f.stage, round(f.n * ${noise}) from ${DAYS},
   (values ('quote', '1', 1500), ('quote', '2', 1100), ('quote', '3', 1000), ('quote', '4', 900),
     ('quote', '5', 350), ('quote', '6', 300), ('quote', 'submitted', 280), ('contact', 'viewed', 1200),
     ('contact', 'submitted', 60), ('tankering', 'viewed', 2500), ('tankering', 'submitted', 90)) as f(form, stage, n)`,
  `insert into insights_enquiries (day, form, landing, referrer, n)
   select d::date, f.form, l.landing, r.referrer, greatest(1, round(2 * random())) from ${DAYS},
   (values ('quote'), ('contact'), ('tankering')) as f(form),
   (select '/blog/post-' || i as landing from generate_series(1, 14) i
    union all values ('/'), ('/services'), ('/services/2'), ('/contact'), ('/quote'), ('/about')) l,
   (values (''), ('google.com'), ('bing.com'), ('site-1.example'), ('site-2.example')) as r(referrer)`,
];

async function fillYear(env, dataDir) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    for (const statement of YEAR_SQL) await client.query(statement);
    await client.query("analyze");
    await client.end();
  } else {
    // The server has stopped (its lock is released): the embedded database opened directly.
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    for (const statement of YEAR_SQL) await db.query(statement);
    await db.query("analyze");
    await db.close();
  }
}

const DAY_MS = 86_400_000;
const isoDay = (daysAgo) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
/** The screen's query for `days` days ending `daysAgo` days ago. */
const rangeQuery = (days, daysAgo) => `?from=${isoDay(daysAgo + days - 1)}&to=${isoDay(daysAgo)}`;
/**
 * The n-th range not asked before, all within the year of counts: the end moves back a day per
 * request, then the start moves back a day per round (a whole year: only the start moves).
 */
function newRangeQuery(days, n) {
  const ends = Math.max(1, 366 - days);
  const daysAgo = n % ends;
  const longer = Math.floor(n / ends) % 400;
  return `?from=${isoDay(daysAgo + days - 1 + longer)}&to=${isoDay(daysAgo)}`;
}
const VIEWS = [
  ["30 days (the default)", 30],
  ["90 days", 90],
  ["a whole year", 365],
];
/**
 * How the screen is asked: one person, each request a range not asked before (a first view: no
 * shared read); four people at once on the same range; four at once, each request a new range.
 */
const MODES = [
  ["1, a new range each time", 1, true],
  ["4, the same range", 4, false],
  ["4, a new range each time", 4, true],
];
const screens = !part("screen")
  ? []
  : await onEachDatabase(async (label, env) => {
      const dataDir = scratchDir("site-bench-insights-");
      const serverEnv = { ...env, ...ADMIN, SEED_DEMO: "0", DATA_DIR: dataDir };
      try {
        await (await startBuiltServer(serverEnv, { echo: true })).stop(); // migrated
        await fillYear(env, dataDir);
        const server = await startBuiltServer(serverEnv, { echo: true });
        try {
          const token = await signIn(server.url, credentials);
          const headers = { cookie: `admin_auth=${token}`, "accept-encoding": "br" };
          const rows = [];
          for (const [name, days] of VIEWS) {
            const path = "/admin/dashboard/insights";
            const page = await fetch(`${server.url}${path}${rangeQuery(days, 0)}`, { headers });
            if (page.status !== 200 || !(await page.text()).includes("Top referring sites"))
              throw new Error(`${label} ${name}: the screen did not answer (${page.status})`);
            let n = 0; // ranges asked so far for this view: never one twice
            for (const [mode, connections, moving] of MODES) {
              const options = {
                connections,
                headers,
                requests: [
                  {
                    setupRequest: (request) => ({
                      ...request,
                      path: `${path}${moving ? newRangeQuery(days, n++) : rangeQuery(days, 0)}`,
                    }),
                  },
                ],
              };
              await load(server.url, { ...options, duration: 2 });
              rows.push({ name, mode, ...(await load(server.url, { ...options, duration: DURATION })) });
            }
          }
          return { label, rows };
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

console.log(`\nMachine: ${machine()}; ${DURATION} s per run\n`);
if (counting) {
  const summary = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p99: median(list.map((r) => r.p99)),
    cpuUs: median(list.map((r) => r.cpuUs)),
  });
  const on = summary(counting.runs.counting);
  const off = summary(counting.runs.off);
  const each = (list, key, digits = 0) => list.map((r) => r[key].toFixed(digits)).join(", ");
  console.log(
    `Counting on the cached home page (${CONNECTIONS} connections, Chrome user agent, Referer google.com; median of ${ROUNDS} alternating runs):\n`,
  );
  console.log(
    "| server | requests/s (runs) | p99 (runs) | server CPU per answer (runs) |\n|---|---|---|---|",
  );
  for (const [name, figures, list] of [
    ["INSIGHTS_COUNTING=0", off, counting.runs.off],
    ["counting", on, counting.runs.counting],
  ])
    console.log(
      `| ${name} | ${figures.rps} (${each(list, "rps")}) | ${figures.p99} ms (${each(list, "p99")}) | ${figures.cpuUs.toFixed(1)} µs (${each(list, "cpuUs", 1)}) |`,
    );
  console.log(
    `\nCost of counting: ${(((on.cpuUs - off.cpuUs) / off.cpuUs) * 100).toFixed(1)} % more server CPU per answer; ` +
      `throughput ${(((on.rps - off.rps) / off.rps) * 100).toFixed(1)} % (medians; throughput also follows whatever else the machine runs).`,
  );
  // autocannon leaves the answers in flight at the end of a run unread; the server counted them.
  console.log(
    `Views of / written by the counting server: ${counting.counted}; answers autocannon read: ${counting.answered} (plus up to ${CONNECTIONS} in flight per run).\n`,
  );
}
console.log(
  "The Insights screen (the whole page, signed in) with a year of counts at 50,000 visits a day:\n",
);
console.log("| database | range | people looking | requests/s | p99 |\n|---|---|---|---|---|");
for (const { label, rows } of screens)
  for (const row of rows)
    console.log(`| ${label} | ${row.name} | ${row.mode} | ${row.rps} | ${row.p99} ms |`);
