// npm run bench:won-value: Insights' won-value report (issue 49; target: a median of 100 ms or
// less) over a year of BENCH_ENQUIRIES (20,000) generated enquiries: 40 landing pages, 30
// referring sites, 15 campaigns, the three forms and the wizard's business types; a fifth won
// with a value, a fifth lost, some quoted; a sent quote for every quoted and won one and for a
// third of the lost, and the stage moves' timeline entries. The report as the screen reads it
// (server/services/insights/won-value.ts readWonValue: a year's range, every view), BENCH_RUNS
// (50) times after a warm-up, on the embedded database and on a scratch PostgreSQL database
// (BENCH_SKIP_POSTGRES=1 skips it).
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { addDays, ukDay } from "../common/insights/insights";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { readWonValue, wonValueQuery } from "../server/services/insights/won-value";
import { benchPostgresUrl, machine } from "./bench-lib.mjs";
import { scratchDatabase } from "./scratch-database.mjs";

const ENQUIRIES = Number(process.env.BENCH_ENQUIRIES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_MS = 100;

/** A year of enquiries, their quotes and stage moves, in a few statements. */
async function fill({ db }: DatabaseHandle) {
  await db.execute(sql`
    insert into enquiries (kind, fields, name, email, created_at, status, stage, stage_changed_at, won_pence, lost_reason, source)
    select
      (array['quote', 'quote', 'contact', 'tankering'])[1 + i % 4],
      case when i % 4 < 2
        then jsonb_build_object('businessType', (array['Food and Beverage Manufacture', 'Farming', 'Transfer Station', 'Council', 'Others'])[1 + i % 5],
          'wasteType', 'Food waste', 'frequency', 'Weekly', 'location', 'PE1 5XG',
          'contact', jsonb_build_object('name', 'Visitor ' || i, 'email', 'v' || i || '@example.co.uk', 'phone', '01733 000000'))
        else jsonb_build_object('name', 'Visitor ' || i, 'email', 'v' || i || '@example.co.uk', 'phone', '01733 000000', 'message', 'Please call') end,
      'Visitor ' || i, 'v' || i || '@example.co.uk',
      now() - make_interval(secs => (i * 31449600.0 / ${ENQUIRIES})::int),
      (array['new', 'contacted', 'contacted', 'closed', 'closed'])[1 + i % 5],
      (array['new', 'contacted', 'quoted', 'won', 'lost'])[1 + i % 5],
      now() - make_interval(secs => (i * 31449600.0 / ${ENQUIRIES})::int) + interval '3 days',
      case when i % 5 = 3 then 50000 + (i * 7919) % 900000 end,
      case when i % 5 = 4 then 'price' end,
      case when i % 11 = 0 then null else jsonb_build_object(
        'landing', '/page-' || (i % 40),
        'referrer', case when i % 3 = 0 then null else 'site-' || (i % 30) || '.example' end,
        'utmSource', case when i % 4 = 0 then 'newsletter' end,
        'utmMedium', null,
        'utmCampaign', case when i % 4 = 0 then 'campaign-' || (i % 15) end) end
    from generate_series(1, ${ENQUIRIES}) i`);
  await db.execute(sql`
    insert into quotes (enquiry_id, year, sequence, number, state, valid_until, terms, discount,
      subtotal_pence, discount_pence, vat_pence, total_pence, sent_at)
    select id, 2026, row_number() over (order by id), 'Q-2026-' || lpad((row_number() over (order by id))::text, 5, '0'),
      case stage when 'won' then 'accepted' when 'lost' then 'declined' else 'sent' end,
      (now() + interval '30 days')::date, 'Terms', '{"kind":"none"}'::jsonb, 10000, 0, 2000, 12000, created_at + interval '2 days'
    from enquiries
    where stage in ('quoted', 'won') or (stage = 'lost' and (hashtext(id::text) % 3) = 0)`);
  await db.execute(sql`
    insert into enquiry_events (enquiry_id, admin_email, type, data, at)
    select id, 'desk@example.co.uk', 'stage', jsonb_build_object('from', 'new', 'to', 'contacted'), created_at + interval '1 day'
    from enquiries where stage <> 'new'
    union all
    select id, 'desk@example.co.uk', 'stage', jsonb_build_object('from', 'contacted', 'to', stage), stage_changed_at
    from enquiries where stage in ('quoted', 'lost')`);
  await db.execute(sql`analyze`);
}

async function bench(label: string, open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    const started = performance.now();
    await fill(handle);
    const filled = performance.now() - started;
    const today = ukDay();
    const range = { from: addDays(today, -364), to: today };
    for (let i = 0; i < 5; i++) await readWonValue(handle.db, range); // warm up
    if (process.env.BENCH_EXPLAIN === "1") {
      const plan = (await handle.db.execute(
        sql`explain (analyze, buffers) ${wonValueQuery(range)}`,
      )) as unknown as {
        rows: Array<Record<string, string>>;
      };
      console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
    }
    const times: number[] = [];
    // This process's CPU time per report: the whole of it on the embedded database (it runs in
    // this process), the driver's share on PostgreSQL; unlike the wall clock, not inflated by
    // other work on a shared machine.
    const cpu: number[] = [];
    let report = await readWonValue(handle.db, range);
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      report = await readWonValue(handle.db, range);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.floor(times.length * 0.95)];
    const cpuMedian = cpu[Math.floor(cpu.length / 2)];
    console.log(
      `${label}: ${report.total.enquiries} enquiries in a year (${report.total.quoted} quoted, ${report.total.won} won, £${Math.round(report.total.wonPence / 100).toLocaleString("en-GB")}), filled in ${Math.round(filled)} ms; the report: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, this process's CPU ${cpuMedian.toFixed(1)} ms (median) over ${RUNS} runs; load average ${loadavg()[0].toFixed(1)} (target ≤ ${TARGET_MS} ms)`,
    );
    if (report.total.enquiries !== ENQUIRIES)
      throw new Error(`${label}: ${report.total.enquiries} enquiries read`);
    return median;
  } finally {
    await handle.close();
  }
}

console.log(machine());
// BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one database alone.
const only = process.env.BENCH_ONLY;
const medians = only === "postgres" ? [] : [await bench("PGlite", () => openDatabase({}))];
const postgresUrl = only === "pglite" ? undefined : benchPostgresUrl();
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl, "bench");
  try {
    medians.push(await bench("PostgreSQL", () => openDatabase({ databaseUrl: scratch.url })));
  } finally {
    await scratch.drop();
  }
}
if (medians.some((m) => m > TARGET_MS)) {
  console.error(`over the target: ${medians.map((m) => m.toFixed(1)).join(", ")} ms > ${TARGET_MS} ms`);
  process.exitCode = 1;
}
