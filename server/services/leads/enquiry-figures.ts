import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE } from "../../../common/company";
import { DESK_MEDIAN_DAYS, DESK_WEEKS, type DeskFigures, type WeekCounts } from "../../../common/leads/desk";
import type { Database } from "../../db/client";

/** The site's time zone as an SQL literal: weeks are the office's (UK) weeks. */
const LONDON = sql.raw(`'${SITE_TIME_ZONE}'`);

type Rows<T> = { rows: T[] };

/**
 * The longest the weekly chart and the median are reused: an enquiry written here invalidates
 * them at once (`invalidate`); this bounds how long one written by another instance can take.
 */
export const SLOW_FIGURES_MS = 60_000;

/**
 * The dashboard's figures: one query each, every one an index range (status for the waiting
 * count, created_at for the weeks, the events' type and time for the median). Weeks are UK weeks,
 * Monday first. The chart and the median (some 30 ms each with 100,000 enquiries on PostgreSQL)
 * are kept until an enquiry is written (the enquiry service announces it: `invalidate`), so the
 * figures always agree with each other; the waiting count is read every time.
 */
export function createEnquiryFigures(db: Database) {
  let slow:
    | { at: number; value: Promise<[WeekCounts[], { hours: number | null; count: number }]> }
    | undefined;
  async function waiting(): Promise<number> {
    const result = (await db.execute(
      sql`select count(*)::int as n from enquiries where status = 'new'`,
    )) as unknown as Rows<{ n: number }>;
    return Number(result.rows[0].n);
  }

  async function weeks(now: Date): Promise<WeekCounts[]> {
    const result = (await db.execute(sql`
      with weeks as (
        select generate_series(
          date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${LONDON}) - ${`${DESK_WEEKS - 1} weeks`}::interval,
          date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${LONDON}),
          interval '1 week') as week
      ), counts as (
        select date_trunc('week', created_at at time zone ${LONDON}) as week, kind, count(*) as n
        from enquiries
        where created_at >= ((select min(week) from weeks) at time zone ${LONDON})
          and status <> 'spam'
        group by 1, 2
      )
      select to_char(w.week, 'YYYY-MM-DD') as week,
        coalesce(sum(n) filter (where kind = 'contact'), 0)::int as contact,
        coalesce(sum(n) filter (where kind = 'quote'), 0)::int as quote,
        coalesce(sum(n) filter (where kind = 'tankering'), 0)::int as tankering,
        coalesce(sum(n) filter (where kind = 'review'), 0)::int as review
      from weeks w left join counts c on c.week = w.week
      group by w.week order by w.week`)) as unknown as Rows<WeekCounts>;
    return result.rows.map((r) => ({
      week: r.week,
      contact: Number(r.contact),
      quote: Number(r.quote),
      tankering: Number(r.tankering),
      review: Number(r.review),
    }));
  }

  /** The first move to 'Contacted' of each enquiry contacted in the window, from its arrival. */
  async function median(now: Date): Promise<{ hours: number | null; count: number }> {
    const result = (await db.execute(sql`
      select percentile_cont(0.5) within group (order by seconds) as median, count(*)::int as n
      from (
        select distinct on (ev.enquiry_id) extract(epoch from ev.at - e.created_at) as seconds
        from enquiry_events ev join enquiries e on e.id = ev.enquiry_id
        where ev.type = 'status' and ev.data->>'to' = 'contacted'
          and ev.at >= ${now.toISOString()}::timestamptz - ${`${DESK_MEDIAN_DAYS} days`}::interval
        order by ev.enquiry_id, ev.at
      ) firsts`)) as unknown as Rows<{ median: number | string | null; n: number }>;
    const row = result.rows[0];
    return { hours: row.median === null ? null : Number(row.median) / 3600, count: Number(row.n) };
  }

  /** `at` asks for the figures as of that moment (tests), never reused. */
  async function figures(at?: Date): Promise<DeskFigures> {
    const now = at ?? new Date();
    let slowRead = slow?.value;
    if (at || !slow || !slowRead || now.getTime() - slow.at > SLOW_FIGURES_MS) {
      slowRead = Promise.all([weeks(now), median(now)]);
      if (!at) {
        const kept = { at: now.getTime(), value: slowRead };
        slow = kept;
        // A failed read is not kept.
        slowRead.catch(() => {
          if (slow === kept) slow = undefined;
        });
      }
    }
    const [w, [counts, m]] = await Promise.all([waiting(), slowRead]);
    return { waiting: w, weeks: counts, medianHoursToContacted: m.hours, contactedCount: m.count };
  }

  /** An enquiry was written: the next read computes the chart and the median again. */
  function invalidate() {
    slow = undefined;
  }

  return { figures, invalidate };
}
