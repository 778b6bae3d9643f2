import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE } from "../../../common/company";
import type { InsightsRange } from "../../../common/insights/insights";
import {
  poundsDecimal,
  WON_EXPORT_MAX_ROWS,
  WON_MESSAGES,
  WON_TOP,
  WON_VIEWS,
  type WonCounts,
  type WonReport,
  type WonRow,
  type WonView,
  winRatePercent,
  wonKeyCells,
  wonKeyColumns,
} from "../../../common/insights/won-value";
import type { Role } from "../../../common/staff/roles";
import type { Database } from "../../db/client";
import { authorize } from "../access";
import { CSV_BOM, csvRow } from "../csv";

const LONDON = sql.raw(`'${SITE_TIME_ZONE}'`);

interface Row {
  landing: string;
  referrer: string;
  utm_source: string;
  utm_campaign: string;
  kind: string;
  business: string | null;
  enquiries: string | number;
  quoted: string | number;
  won: string | number;
  lost: string | number;
  won_pence: string | number | null;
}

const countsOf = (row: Row): WonCounts => ({
  enquiries: Number(row.enquiries),
  quoted: Number(row.quoted),
  won: Number(row.won),
  lost: Number(row.lost),
  wonPence: Number(row.won_pence ?? 0),
});

const add = (into: WonCounts, counts: WonCounts) => {
  into.enquiries += counts.enquiries;
  into.quoted += counts.quoted;
  into.won += counts.won;
  into.lost += counts.lost;
  into.wonPence += counts.wonPence;
};

/** Most won value first, then most won, most enquiries, and the key (a stable order). */
const byValue = (a: WonRow, b: WonRow) =>
  b.wonPence - a.wonPence ||
  b.won - a.won ||
  b.enquiries - a.enquiries ||
  (a.source ?? "").localeCompare(b.source ?? "") ||
  a.key.localeCompare(b.key);

/**
 * The won-value report: one query over the range's enquiries (an index range on created_at),
 * grouped once by everything a view shows (landing page, referring site, utm_source and
 * utm_campaign, form, the wizard's business type: a few thousand groups at most in a year), then
 * folded here into the five views and the total (one grouping is cheaper than five grouping
 * sets: bench:won-value). Spam is left out; an erased enquiry counts under "unknown" (its
 * source and fields are cleared). Quoted: a quote was sent, or the stage is or was Quoted (Won
 * passes through Quoted). The range is of UK days, inclusive.
 */
export async function readWonValue(db: Database, range: InsightsRange, top = WON_TOP): Promise<WonReport> {
  const result = (await db.execute(wonValueQuery(range))) as unknown as { rows: Row[] };
  return reportOf(range, result.rows, top);
}

/** The report's one statement (exported for the benchmark's EXPLAIN). */
export function wonValueQuery(range: InsightsRange) {
  const from = sql`(${range.from}::date::timestamp at time zone ${LONDON})`;
  const to = sql`((${range.to}::date + 1)::timestamp at time zone ${LONDON})`;
  // Quoted and not Quoted or Won now: a quote sent, or a move to Quoted, since the range began
  // (both after the enquiry arrived); one hashed set of ids, not a lookup per enquiry.
  return sql`
    with e as (
      select
        coalesce(source->>'landing', '') as landing,
        coalesce(source->>'referrer', '') as referrer,
        coalesce(source->>'utmSource', '') as utm_source,
        coalesce(source->>'utmCampaign', '') as utm_campaign,
        kind,
        case when kind = 'quote' then coalesce(fields->>'businessType', '') end as business,
        stage,
        won_pence,
        case
          when stage in ('quoted', 'won') then true
          else id in (
            select enquiry_id from quotes where sent_at is not null and created_at >= ${from}
            union all
            select enquiry_id from enquiry_events
            where type = 'stage' and at >= ${from} and data->>'to' = 'quoted'
          )
        end as quoted
      from enquiries
      where created_at >= ${from} and created_at < ${to} and status <> 'spam'
    )
    select
      landing, referrer, utm_source, utm_campaign, kind, business,
      count(*) as enquiries,
      count(*) filter (where quoted) as quoted,
      count(*) filter (where stage = 'won') as won,
      count(*) filter (where stage = 'lost') as lost,
      coalesce(sum(won_pence) filter (where stage = 'won'), 0) as won_pence
    from e
    group by landing, referrer, utm_source, utm_campaign, kind, business
  `;
}

function reportOf(range: InsightsRange, rows: Row[], top: number): WonReport {
  const zero = (): WonCounts => ({ enquiries: 0, quoted: 0, won: 0, lost: 0, wonPence: 0 });
  const groups = Object.fromEntries(WON_VIEWS.map((v) => [v, new Map<string, WonRow>()])) as Record<
    WonView,
    Map<string, WonRow>
  >;
  const into = (view: WonView, key: string, counts: WonCounts, source?: string) => {
    const id = source === undefined ? key : `${source}\t${key}`;
    const row = groups[view].get(id) ?? { key, ...(source === undefined ? {} : { source }), ...zero() };
    groups[view].set(id, row);
    add(row, counts);
  };
  const total = zero();
  for (const row of rows) {
    const counts = countsOf(row);
    add(total, counts);
    into("landing", row.landing, counts);
    into("referrer", row.referrer, counts);
    into("campaign", row.utm_campaign, counts, row.utm_source);
    into("form", row.kind, counts);
    // Only the wizard asks the business type: the other forms' enquiries have none (null).
    if (row.business !== null) into("business", row.business, counts);
  }
  const views = Object.fromEntries(WON_VIEWS.map((v) => [v, [...groups[v].values()]])) as Record<
    WonView,
    WonRow[]
  >;
  for (const view of WON_VIEWS) views[view] = views[view].sort(byValue).slice(0, top);
  return { range, total, views };
}

/** The won-value report for Insights (Owner and Desk: "insights"), and each view as CSV. */
export function createWonValueService(db: Database) {
  async function report(range: InsightsRange, by: { role: Role }, top?: number): Promise<WonReport> {
    authorize(by, "insights");
    return readWonValue(db, range, top);
  }

  /** One view as CSV (UTF-8 with BOM, RFC 4180), every row of the range. */
  async function csv(range: InsightsRange, view: WonView, by: { role: Role }): Promise<string> {
    const data = await report(range, by, WON_EXPORT_MAX_ROWS);
    const c = WON_MESSAGES.columns;
    const head = [...wonKeyColumns(view), c.enquiries, c.quoted, c.won, c.lost, c.winRateCsv, c.wonValueCsv];
    const body = data.views[view].map((row) => [
      ...wonKeyCells(view, row),
      String(row.enquiries),
      String(row.quoted),
      String(row.won),
      String(row.lost),
      String(winRatePercent(row.won, row.lost) ?? ""),
      poundsDecimal(row.wonPence),
    ]);
    return CSV_BOM + csvRow(head) + body.map(csvRow).join("");
  }

  return { report, csv };
}

export type WonValueService = ReturnType<typeof createWonValueService>;
