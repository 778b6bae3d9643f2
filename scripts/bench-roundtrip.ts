// npm run bench:roundtrip: a backup (server/db/portable.ts writeExport, what `npm run backup`
// runs) of a database holding BENCH_ENQUIRIES enquiries (100,000), each with a note, a status
// change and its sent notification, beside every other kind of row; then its restore
// (importDatabase, what `npm run restore` runs) into an empty database of the same kind, checked
// table by table (row count and content checksum). On the embedded database in a DATA_DIR of its
// own, then on a scratch PostgreSQL database (BENCH_SKIP_POSTGRES=1 skips it).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { importDatabase, parseExport, writeExport } from "../server/db/portable";
import { fillEveryKindOfRow, tableDigests } from "../server/test/every-row";
import { benchPostgresUrl, machine, rssMb } from "./bench-lib.mjs";
import { scratchDatabase, scratchDir } from "./scratch-database.mjs";

const ENQUIRIES = Number(process.env.BENCH_ENQUIRIES ?? 100_000);

/** The enquiries in one statement each: a contact form each, a note, a status change, a sent mail. */
async function addEnquiries(handle: DatabaseHandle) {
  const { db } = handle;
  await db.execute(sql`
    insert into enquiries (kind, fields, name, email, phone, created_at, status, status_changed_at)
    select 'contact',
      jsonb_build_object('name', 'Visitor ' || i, 'email', 'visitor' || i || '@example.co.uk',
        'phone', '01733 000 ' || lpad((i % 1000)::text, 3, '0'), 'company', 'Farm ' || i,
        'message', repeat('Please call about weekly collections. ', 4)),
      'Visitor ' || i, 'visitor' || i || '@example.co.uk', '01733 000 ' || lpad((i % 1000)::text, 3, '0'),
      now() - make_interval(secs => i * 60), 'contacted', now() - make_interval(secs => i * 30)
    from generate_series(1, ${ENQUIRIES}) i`);
  await db.execute(sql`
    insert into enquiry_events (enquiry_id, admin_email, type, data)
    select id, 'owner@example.co.uk', 'note', jsonb_build_object('text', 'Called, left a message') from enquiries
    union all
    select id, 'owner@example.co.uk', 'status', jsonb_build_object('from', 'new', 'to', 'contacted') from enquiries`);
  await db.execute(sql`
    insert into mail_outbox (enquiry_id, state, attempts, sent_at)
    select id, 'sent', 1, created_at from enquiries`);
}

async function bench(label: string, open: () => Promise<DatabaseHandle>) {
  const source = await open();
  // Both made now: the same migrations (a long seeding must not see a newer schema on one side).
  const target = await open();
  await fillEveryKindOfRow(source.db);
  let started = performance.now();
  await addEnquiries(source);
  console.error(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const before = await tableDigests(source.db);
  const file = path.join(scratchDir("bench-roundtrip-"), "backup.json");

  started = performance.now();
  await writeExport(source.db, file);
  const backupMs = performance.now() - started;
  await source.close();

  started = performance.now();
  await importDatabase(target.db, parseExport(readFileSync(file, "utf8")));
  const restoreMs = performance.now() - started;
  const after = await tableDigests(target.db);
  await target.close();
  const differing = Object.keys(before).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
  if (differing.length > 0) throw new Error(`${label}: restored tables differ: ${differing.join(", ")}`);
  const rows = Object.values(before).reduce((sum, t) => sum + t.rows, 0);
  return { label, backupMs, restoreMs, rows, mb: statSync(file).size / 2 ** 20, rss: rssMb(process.pid) };
}

const results = [await bench("PGlite", () => openDatabase({ dataDir: scratchDir("bench-roundtrip-data-") }))];
const postgresUrl = benchPostgresUrl();
if (postgresUrl) {
  const scratches: Array<{ drop: () => Promise<void> }> = [];
  try {
    results.push(
      await bench("PostgreSQL", async () => {
        const scratch = await scratchDatabase(postgresUrl, "bench");
        scratches.push(scratch);
        return openDatabase({ databaseUrl: scratch.url });
      }),
    );
  } finally {
    for (const scratch of scratches) await scratch.drop();
  }
}

console.log(
  `\nMachine: ${machine()}; ${ENQUIRIES.toLocaleString("en-GB")} enquiries, each with a note, a status change and its sent mail\n`,
);
console.log(
  "| database | rows | backup | file | restore (into an empty database, checked) | memory peak |\n|---|---|---|---|---|---|",
);
for (const r of results)
  console.log(
    `| ${r.label} | ${r.rows.toLocaleString("en-GB")} | ${(r.backupMs / 1000).toFixed(1)} s | ${r.mb.toFixed(0)} MB | ${(r.restoreMs / 1000).toFixed(1)} s | ${r.rss} MB |`,
  );
process.exit(0);
