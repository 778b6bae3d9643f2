// npm run bench:inbox: the enquiries inbox with 100,000 enquiries, on the embedded database and on
// PostgreSQL, against the production build. Per page (API and server-rendered page): requests/s
// and p99 latency, first page and one 90,000 rows deep (keyset), a filter and a search, the
// dashboard's figures and one enquiry with its timeline. Then the CSV export of
// everything: rows/s and the server's resident memory while it streams.
// PostgreSQL: a scratch database on the server of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres). BENCH_SKIP_POSTGRES=1 skips it; BENCH_ENQUIRIES
// sets the count.
import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { load, machine, onEachDatabase, rssMb } from "./bench-lib.mjs";
import { scratchDir } from "./scratch-database.mjs";
import { ensureBuild, signIn, startBuiltServer } from "./server-process.mjs";

const COUNT = Number(process.env.BENCH_ENQUIRIES ?? 100_000);
const ADMIN = { email: "bench@example.co.uk", password: "bench-password-123" };
const env = { SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

// One statement each: a year of enquiries (one every 5 minutes), the three kinds in turn, staff
// statuses mixed, 1% spam; every mail already sent, so the outbox worker stays idle.
const FILL = [
  `insert into enquiries (kind, fields, created_at, status)
   select kind,
     case kind
       when 'quote' then jsonb_build_object('businessType', 'Farming', 'wasteType', 'Vegetable peelings',
         'frequency', 'Weekly', 'location', 'PE' || (n % 30) || ' ' || (n % 9) || 'XG',
         'contact', jsonb_build_object('name', 'Visitor ' || n, 'email', 'visitor' || n || '@example.co.uk',
           'phone', '01733 ' || n))
       when 'contact' then jsonb_build_object('name', 'Visitor ' || n, 'email', 'visitor' || n || '@example.co.uk',
         'company', 'Company ' || (n % 500), 'phone', '01733 ' || n,
         'message', 'Please call about weekly collections, enquiry ' || n)
       else jsonb_build_object('name', 'Visitor ' || n, 'email', 'visitor' || n || '@example.co.uk',
         'frequency', 'Daily', 'phone', '07700 ' || n, 'message', 'Wash water to take away, ' || n || ' litres')
     end,
     now() - n * interval '5 minutes',
     case when n % 100 = 0 then 'spam' else (array['new', 'contacted', 'closed', 'new'])[1 + n % 4] end
   from generate_series(1, $1::int) as n,
     lateral (select (array['quote', 'contact', 'tankering'])[1 + n % 3] as kind) as k`,
  // The visitor's columns, as the service stores them at write time (a quote's from its contact block).
  `update enquiries set name = coalesce(fields->>'name', fields->'contact'->>'name'),
     email = coalesce(fields->>'email', fields->'contact'->>'email'),
     phone = coalesce(fields->>'phone', fields->'contact'->>'phone')`,
  `insert into mail_outbox (enquiry_id, state, attempts, sent_at)
   select id, 'sent', 1, created_at from enquiries where status <> 'spam'`,
  // Timelines: a note on every lead, and the move to 'Contacted' (3 h after arrival) on those worked.
  `insert into enquiry_events (enquiry_id, type, data, at)
   select id, 'note', jsonb_build_object('text', 'Called, left a message'), created_at + interval '1 hour'
   from enquiries where status <> 'spam'`,
  `insert into enquiry_events (enquiry_id, type, data, at)
   select id, 'status', jsonb_build_object('from', 'new', 'to', 'contacted'), created_at + interval '3 hours'
   from enquiries where status in ('contacted', 'closed')`,
  "analyze",
];

// An enquiry with a timeline, a few weeks back.
const WORKED = `select id from enquiries where status = 'closed' order by created_at desc offset 5000 limit 1`;

// The keyset cursor of the row `offset` deep in the unfiltered inbox (see common/leads/enquiry-inbox.ts).
const DEEP = `select 'o' || (extract(epoch from created_at) * 1000000)::bigint || '_' || id as cursor
  from enquiries where status <> 'spam' order by created_at desc, id desc offset $1 limit 1`;

async function fillPglite(dataDir) {
  const db = await PGlite.create(`${dataDir}/db`, { extensions: { pg_trgm } });
  for (const statement of FILL) await db.query(statement, statement.includes("$1") ? [COUNT] : []);
  const { rows } = await db.query(DEEP, [Math.floor(COUNT * 0.9)]);
  const worked = await db.query(WORKED);
  await db.close();
  return { cursor: rows[0].cursor, id: worked.rows[0].id };
}

async function fillPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const statement of FILL) await client.query(statement, statement.includes("$1") ? [COUNT] : []);
  const { rows } = await client.query(DEEP, [Math.floor(COUNT * 0.9)]);
  const worked = await client.query(WORKED);
  await client.end();
  return { cursor: rows[0].cursor, id: worked.rows[0].id };
}

/** Streams the whole export, sampling the server's RSS every 50 ms. */
async function exportCsv(server, token) {
  const before = rssMb(server.child.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.child.pid));
  }, 50);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/enquiries/export.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let rows = -1; // the header row
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { rows, mb: (bytes / 2 ** 20).toFixed(1), seconds, before, peak, after: rssMb(server.child.pid) };
}

async function bench(label, server, { cursor, id }) {
  const token = await signIn(server.url, ADMIN);
  const api = { authorization: `Bearer ${token}` };
  const page = { cookie: `admin_auth=${token}` };
  const targets = [
    ["API first page (50)", "/api/admin/enquiries", api],
    ["API page 90% deep (keyset)", `/api/admin/enquiries?cursor=${cursor}`, api],
    ["API kind + status filter", "/api/admin/enquiries?kind=quote&status=contacted", api],
    ["API search (name, e-mail, …)", "/api/admin/enquiries?q=visitor4242", api],
    ["page first (SSR)", "/admin/dashboard/enquiries", page],
    ["page 90% deep (SSR)", `/admin/dashboard/enquiries?cursor=${cursor}`, page],
    ["page search (SSR)", "/admin/dashboard/enquiries?q=visitor4242", page],
    ["dashboard figures (SSR)", "/admin/dashboard", page],
    ["API enquiry + timeline", `/api/admin/enquiries/${id}`, api],
    ["page enquiry + timeline (SSR)", `/admin/dashboard/enquiries/${id}`, page],
  ];
  const rows = [];
  for (const [name, path, headers] of targets) {
    await load(`${server.url}${path}`, { headers, duration: 2, connections: 10 }); // warm-up
    const { rps, p99 } = await load(`${server.url}${path}`, { headers, connections: 10 });
    rows.push({ database: label, request: name, "req/s": rps, "p99 ms": p99 });
  }
  const csv = await exportCsv(server, token);
  const exportRow = {
    database: label,
    rows: csv.rows,
    MB: csv.mb,
    seconds: csv.seconds.toFixed(1),
    "rows/s": Math.round(csv.rows / csv.seconds),
    "RSS before MB": csv.before,
    "RSS peak MB": csv.peak,
    "RSS after MB": csv.after,
  };
  return { rows, exportRow };
}

/**
 * The inbox bench on one database. The server migrates it first; on PostgreSQL the rows then go in
 * beside it, while the embedded database belongs to one process: the server stops, the rows go in,
 * and it starts again on them.
 */
async function onDatabase(label, { DATABASE_URL }) {
  const start = (extra) => startBuiltServer({ ...env, ...extra }, { echo: true });
  const dataDir = scratchDir("bench-inbox-");
  let server;
  try {
    let filled;
    if (DATABASE_URL) {
      server = await start({ DATA_DIR: dataDir, DATABASE_URL });
      filled = await fillPostgres(DATABASE_URL);
    } else {
      await (await start({ DATA_DIR: dataDir })).stop();
      filled = await fillPglite(dataDir);
      server = await start({ DATA_DIR: dataDir });
    }
    return await bench(label, server, filled);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuild();
const results = await onEachDatabase(onDatabase);

console.log(`\n${machine()}; ${COUNT} enquiries, 10 connections, 8 s per request\n`);
console.table(results.flatMap((r) => r.rows));
console.table(results.map((r) => r.exportRow));
