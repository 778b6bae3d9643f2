import { asc, between, desc, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  addDays,
  INSIGHTS_TOP,
  type InsightsForm,
  type InsightsRange,
  type InsightsReport,
} from "../../../common/insights/insights";
import type { Database } from "../../db/client";
import { ADVISORY_LOCKS } from "../../db/locks";
import {
  insightsCampaigns,
  insightsEnquiries,
  insightsFunnel,
  insightsPages,
  insightsReferrers,
  insightsReferrersMonthly,
} from "../../db/schema";
import type { Counts } from "./counter";
import { capPerDay, INSIGHTS_DAY_CAPS, type InsightsCaps } from "./limits";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/**
 * Adds counts to the tables: INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n, so instances
 * flushing the same rows at once each add theirs (the row lock orders them; nothing is lost). One
 * transaction, committed asynchronously: all of it or none, the caller keeps the counts when it
 * throws. Tables in a fixed order and rows in key order, so two
 * flushes lock shared rows in the same order and never deadlock.
 */
export async function addCounts(
  db: Database,
  counts: Counts,
  options: { caps?: InsightsCaps } = {},
): Promise<void> {
  const sorted = <V>(map: Map<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const write = async <V>(map: Map<string, V>, run: (rows: Array<[string[], V]>) => Promise<unknown>) => {
    const rows = sorted(map).map(([key, value]): [string[], V] => [key.split("\t"), value]);
    for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
  };
  const plus = (column: PgColumn) => sql`${column} + excluded.${sql.identifier(column.name)}`;
  await db.transaction(async (tx) => {
    // Counts may be lost in a crash anyway (they wait in memory for up to 10 s): the commit does
    // not wait for its WAL record to reach the disk. On the embedded database that wait is a
    // synchronous fsync on the thread that serves the pages (docs/decisions/0024).
    await tx.execute(sql`set local synchronous_commit = off`);
    // Rows per table per day stay within their caps (limits.ts): checked and added under one lock.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.insightsCaps})`);
    await capPerDay(tx, counts, options.caps ?? INSIGHTS_DAY_CAPS);
    await write(counts.pages, (rows) =>
      tx
        .insert(insightsPages)
        .values(rows.map(([[day, path], c]) => ({ day, path, views: c.views, visits: c.visits })))
        .onConflictDoUpdate({
          target: [insightsPages.day, insightsPages.path],
          set: { views: plus(insightsPages.views), visits: plus(insightsPages.visits) },
        }),
    );
    await write(counts.referrers, async (rows) => {
      // The month's totals of the same rows (a long range reads those).
      const months = new Map<string, number>();
      for (const [[day, domain], visits] of rows) {
        const key = `${monthOf(day)}\t${domain}`;
        months.set(key, (months.get(key) ?? 0) + visits);
      }
      await tx
        .insert(insightsReferrers)
        .values(rows.map(([[day, domain], visits]) => ({ day, domain, visits })))
        .onConflictDoUpdate({
          target: [insightsReferrers.day, insightsReferrers.domain],
          set: { visits: plus(insightsReferrers.visits) },
        });
      await tx
        .insert(insightsReferrersMonthly)
        .values(
          sorted(months).map(([key, visits]) => {
            const [month, domain] = key.split("\t");
            return { month, domain, visits };
          }),
        )
        .onConflictDoUpdate({
          target: [insightsReferrersMonthly.month, insightsReferrersMonthly.domain],
          set: { visits: plus(insightsReferrersMonthly.visits) },
        });
    });
    await write(counts.campaigns, (rows) =>
      tx
        .insert(insightsCampaigns)
        .values(rows.map(([[day, source, campaign], visits]) => ({ day, source, campaign, visits })))
        .onConflictDoUpdate({
          target: [insightsCampaigns.day, insightsCampaigns.source, insightsCampaigns.campaign],
          set: { visits: plus(insightsCampaigns.visits) },
        }),
    );
    await write(counts.funnel, (rows) =>
      tx
        .insert(insightsFunnel)
        .values(rows.map(([[day, form, stage], n]) => ({ day, form, stage, n })))
        .onConflictDoUpdate({
          target: [insightsFunnel.day, insightsFunnel.form, insightsFunnel.stage],
          set: { n: plus(insightsFunnel.n) },
        }),
    );
    await write(counts.enquiries, (rows) =>
      tx
        .insert(insightsEnquiries)
        .values(rows.map(([[day, form, landing, referrer], n]) => ({ day, form, landing, referrer, n })))
        .onConflictDoUpdate({
          target: [
            insightsEnquiries.day,
            insightsEnquiries.form,
            insightsEnquiries.landing,
            insightsEnquiries.referrer,
          ],
          set: { n: plus(insightsEnquiries.n) },
        }),
    );
  });
}

const TABLES: Array<PgTable & { day: PgColumn }> = [
  insightsPages,
  insightsReferrers,
  insightsCampaigns,
  insightsFunnel,
  insightsEnquiries,
];

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** The first day of a day's month (YYYY-MM-01). */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * Deletes every count for days before `firstKept` (YYYY-MM-DD), and every month total that holds
 * any such day (the month's remaining days are read from the day rows); returns the rows deleted.
 */
export async function deleteBefore(db: Database, firstKept: string): Promise<number> {
  let deleted = 0;
  for (const table of TABLES) {
    const rows = await db.delete(table).where(lt(table.day, firstKept)).returning({ day: table.day });
    deleted += rows.length;
  }
  const months = await db
    .delete(insightsReferrersMonthly)
    .where(lt(insightsReferrersMonthly.month, firstKept))
    .returning({ month: insightsReferrersMonthly.month });
  return deleted + months.length;
}

/**
 * The whole months inside a range, as [first month, month after the last); empty when none. A month
 * that begins before `firstKept` is never whole: its total is deleted with its first day.
 */
export function wholeMonths(range: InsightsRange, firstKept: string): { from: string; to: string } {
  const start = range.from > firstKept ? range.from : firstKept;
  const from = start.endsWith("-01") ? start : nextMonth(monthOf(start));
  let to = from;
  while (addDays(nextMonth(to), -1) <= range.to) to = nextMonth(to);
  return { from, to };
}

/** The rows of a raw query, whichever driver answered it (node-postgres or PGlite). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const total = (column: PgColumn) => sql<string>`sum(${column})`.mapWith(Number);

/** Everything the Insights screen shows for a range (inclusive UK days). */
export async function readReport(
  db: Database,
  range: InsightsRange,
  options: { top?: number; firstKept: string },
): Promise<InsightsReport> {
  const top = options.top ?? INSIGHTS_TOP;
  // Referring domains are the most numerous rows: whole months come from the month totals.
  const months = wholeMonths(range, options.firstKept);
  const head = { from: range.from, to: minDay(addDays(months.from, -1), range.to) };
  const tail = { from: maxDay(months.to, range.from), to: range.to };
  const dayRows = (part: InsightsRange) =>
    sql`select ${insightsReferrers.domain}, ${insightsReferrers.visits} from ${insightsReferrers}
      where ${insightsReferrers.day} between ${part.from} and ${part.to}`;
  const referrerRows = sql`(
    select ${insightsReferrersMonthly.domain} as domain, ${insightsReferrersMonthly.visits} as visits
      from ${insightsReferrersMonthly}
      where ${insightsReferrersMonthly.month} >= ${months.from} and ${insightsReferrersMonthly.month} < ${months.to}
    union all ${dayRows(head)}
    union all ${dayRows(tail)}
  ) as r`;
  const within = (column: PgColumn): SQL => between(column, range.from, range.to) as SQL;
  const pageViews = total(insightsPages.views);
  const pageVisits = total(insightsPages.visits);
  const campaignVisits = total(insightsCampaigns.visits);
  const enquiries = total(insightsEnquiries.n);
  // At once: PostgreSQL answers them on the pool's connections side by side (PGlite takes turns).
  const [days, pages, referrers, campaigns, enquiryRows, funnel] = await Promise.all([
    db
      .select({ day: insightsPages.day, visits: pageVisits, views: pageViews })
      .from(insightsPages)
      .where(within(insightsPages.day))
      .groupBy(insightsPages.day)
      .orderBy(asc(insightsPages.day)),
    db
      .select({ path: insightsPages.path, views: pageViews, visits: pageVisits })
      .from(insightsPages)
      .where(within(insightsPages.day))
      .groupBy(insightsPages.path)
      .orderBy(desc(pageViews), asc(insightsPages.path))
      .limit(top),
    db.execute(
      sql`select domain, sum(visits) as visits from ${referrerRows}
          group by domain order by sum(visits) desc, domain limit ${top}`,
    ),
    db
      .select({
        source: insightsCampaigns.source,
        campaign: insightsCampaigns.campaign,
        visits: campaignVisits,
      })
      .from(insightsCampaigns)
      .where(within(insightsCampaigns.day))
      .groupBy(insightsCampaigns.source, insightsCampaigns.campaign)
      .orderBy(desc(campaignVisits), asc(insightsCampaigns.source), asc(insightsCampaigns.campaign))
      .limit(top),
    db
      .select({
        landing: insightsEnquiries.landing,
        referrer: insightsEnquiries.referrer,
        form: insightsEnquiries.form,
        enquiries,
      })
      .from(insightsEnquiries)
      .where(within(insightsEnquiries.day))
      .groupBy(insightsEnquiries.landing, insightsEnquiries.referrer, insightsEnquiries.form)
      .orderBy(desc(enquiries), asc(insightsEnquiries.landing), asc(insightsEnquiries.referrer))
      .limit(top),
    db
      .select({ form: insightsFunnel.form, stage: insightsFunnel.stage, count: total(insightsFunnel.n) })
      .from(insightsFunnel)
      .where(within(insightsFunnel.day))
      .groupBy(insightsFunnel.form, insightsFunnel.stage),
  ]);
  return {
    range,
    days,
    pages,
    referrers: rowsOf<{ domain: string; visits: string | number }>(referrers).map((row) => ({
      domain: row.domain,
      visits: Number(row.visits),
    })),
    campaigns,
    enquiries: enquiryRows.map((row) => ({ ...row, form: row.form as InsightsForm })),
    funnel: funnel.map((row) => ({ ...row, form: row.form as InsightsForm })),
  };
}
