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
  g_landing: number;
  g_referrer: number;
  g_campaign: number;
  g_form: number;
  g_business: number;
  landing: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  kind: string | null;
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

/** Most won value first, then most won, most enquiries, and the key (a stable order). */
const byValue = (a: WonRow, b: WonRow) =>
  b.wonPence - a.wonPence ||
  b.won - a.won ||
  b.enquiries - a.enquiries ||
  (a.source ?? "").localeCompare(b.source ?? "") ||
  a.key.localeCompare(b.key);

/**
 * The won-value report (one query over the range's enquiries, grouped five ways at once with
 * GROUPING SETS; an index range on created_at): per landing page, referring site, campaign, form
 * and the wizard's business type. Spam is left out; an erased enquiry counts under "unknown" (its
 * source and fields are cleared). Quoted: a quote was sent, or the stage is or was Quoted (Won
 * passes through Quoted). The range is of UK days, inclusive.
 */
export async function readWonValue(db: Database, range: InsightsRange, top = WON_TOP): Promise<WonReport> {
  const result = (await db.execute(sql`
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
          else exists (select 1 from quotes q where q.enquiry_id = enquiries.id and q.sent_at is not null)
            or exists (
              select 1 from enquiry_events ev
              where ev.enquiry_id = enquiries.id and ev.type = 'stage' and ev.data->>'to' = 'quoted'
            )
        end as quoted
      from enquiries
      where created_at >= (${range.from}::date::timestamp at time zone ${LONDON})
        and created_at < ((${range.to}::date + 1)::timestamp at time zone ${LONDON})
        and status <> 'spam'
    )
    select
      grouping(landing)::int as g_landing,
      grouping(referrer)::int as g_referrer,
      grouping(utm_source, utm_campaign)::int as g_campaign,
      grouping(kind)::int as g_form,
      grouping(business)::int as g_business,
      landing, referrer, utm_source, utm_campaign, kind, business,
      count(*) as enquiries,
      count(*) filter (where quoted) as quoted,
      count(*) filter (where stage = 'won') as won,
      count(*) filter (where stage = 'lost') as lost,
      coalesce(sum(won_pence) filter (where stage = 'won'), 0) as won_pence
    from e
    group by grouping sets ((landing), (referrer), (utm_source, utm_campaign), (kind), (business), ())
  `)) as unknown as { rows: Row[] };
  const views = Object.fromEntries(WON_VIEWS.map((v) => [v, [] as WonRow[]])) as Record<WonView, WonRow[]>;
  let total: WonCounts = {
    enquiries: 0,
    quoted: 0,
    won: 0,
    lost: 0,
    wonPence: 0,
  };
  for (const row of result.rows) {
    const counts = countsOf(row);
    if (Number(row.g_landing) === 0) views.landing.push({ key: row.landing ?? "", ...counts });
    else if (Number(row.g_referrer) === 0) views.referrer.push({ key: row.referrer ?? "", ...counts });
    else if (Number(row.g_campaign) === 0)
      views.campaign.push({
        key: row.utm_campaign ?? "",
        source: row.utm_source ?? "",
        ...counts,
      });
    else if (Number(row.g_form) === 0) views.form.push({ key: row.kind ?? "", ...counts });
    else if (Number(row.g_business) === 0) {
      // Only the wizard asks the business type: the other forms' enquiries are the null group.
      if (row.business !== null) views.business.push({ key: row.business, ...counts });
    } else total = counts;
  }
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
