import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE } from "../../../common/company";
import { londonDay } from "../../../common/en-gb";
import { addDays } from "../../../common/insights/insights";
import { winRatePercent } from "../../../common/insights/won-value";
import {
  EXPIRING_DAYS,
  EXPIRING_LIST_MAX,
  OPEN_STAGES,
  type OpenStage,
  type PipelineFigures,
  WIN_RATE_DAYS,
} from "../../../common/pipeline/dashboard";
import type { Role } from "../../../common/staff/roles";
import type { Database } from "../../db/client";
import { authorize } from "../access";

const LONDON = sql.raw(`'${SITE_TIME_ZONE}'`);
type Rows<T> = { rows: T[] };
const n = (value: unknown) => Number(value ?? 0);

/**
 * The dashboard's pipeline figures (issue 49), each one query on an index (the stage, the
 * quotes' state): the open stages' enquiries and the value of their quotes sent and still
 * valid, won since the first of this month (London), the win rate over WIN_RATE_DAYS days (won of
 * won or lost, by when they moved: common/insights/won-value.ts winRatePercent, as in Insights)
 * and the sent quotes whose last valid day falls in the coming week. Desk and Owner
 * ("dashboard"); the Editor is refused.
 */
export function createPipelineFigures(db: Database) {
  async function figures(by: { role: Role }, at?: Date): Promise<PipelineFigures> {
    authorize(by, "dashboard");
    const now = (at ?? new Date()).toISOString();
    const today = londonDay(Date.parse(now));
    const lastDay = addDays(today, EXPIRING_DAYS - 1);
    const [open, won, decided, expiring, expiringList] = (await Promise.all([
      db.execute(sql`
        select e.stage, count(*)::int as enquiries, coalesce(sum(q.total), 0) as value
        from enquiries e
        left join lateral (
          select sum(total_pence) as total from quotes
          where enquiry_id = e.id and state = 'sent' and valid_until >= ${today}::date
        ) q on true
        where e.stage in ('new', 'contacted', 'quoted') and e.status <> 'spam'
        group by e.stage`),
      db.execute(sql`
        select count(*)::int as enquiries, coalesce(sum(won_pence), 0) as value from enquiries
        where stage = 'won'
          and stage_changed_at >= (date_trunc('month', ${now}::timestamptz at time zone ${LONDON}) at time zone ${LONDON})`),
      db.execute(sql`
        select count(*) filter (where stage = 'won')::int as won, count(*) filter (where stage = 'lost')::int as lost
        from enquiries
        where stage in ('won', 'lost')
          and stage_changed_at >= ${now}::timestamptz - ${`${WIN_RATE_DAYS} days`}::interval`),
      db.execute(sql`
        select count(*)::int as count, coalesce(sum(total_pence), 0) as value from quotes
        where state = 'sent' and valid_until between ${today}::date and ${lastDay}::date`),
      db.execute(sql`
        select id, enquiry_id, number, version, to_char(valid_until, 'YYYY-MM-DD') as valid_until, total_pence
        from quotes
        where state = 'sent' and valid_until between ${today}::date and ${lastDay}::date
        order by valid_until, number limit ${EXPIRING_LIST_MAX}`),
    ])) as unknown as [
      Rows<{ stage: OpenStage; enquiries: number; value: string | number }>,
      Rows<{ enquiries: number; value: string | number }>,
      Rows<{ won: number; lost: number }>,
      Rows<{ count: number; value: string | number }>,
      Rows<{
        id: string;
        enquiry_id: string;
        number: string;
        version: number;
        valid_until: string;
        total_pence: string | number;
      }>,
    ];
    const byStage = new Map(open.rows.map((r) => [r.stage, r]));
    const w = n(decided.rows[0]?.won);
    const l = n(decided.rows[0]?.lost);
    return {
      open: OPEN_STAGES.map((stage) => ({
        stage,
        enquiries: n(byStage.get(stage)?.enquiries),
        valuePence: n(byStage.get(stage)?.value),
      })),
      wonThisMonth: { enquiries: n(won.rows[0]?.enquiries), valuePence: n(won.rows[0]?.value) },
      winRate: { won: w, lost: l, percent: winRatePercent(w, l) },
      expiring: {
        count: n(expiring.rows[0]?.count),
        valuePence: n(expiring.rows[0]?.value),
        quotes: expiringList.rows.map((r) => ({
          id: r.id,
          enquiryId: r.enquiry_id,
          number: r.number,
          version: n(r.version),
          validUntil: r.valid_until,
          totalPence: n(r.total_pence),
        })),
      },
    };
  }
  return { figures };
}

export type PipelineFiguresService = ReturnType<typeof createPipelineFigures>;
