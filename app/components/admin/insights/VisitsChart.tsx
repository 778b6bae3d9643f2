import { INSIGHTS_MESSAGES, type InsightsReport } from "@common/insights/insights";
import { useId } from "react";
import { DataTable } from "~/components/admin/DataTable";
import { count, longDay, shortDay } from "./format";

/** Visits per day as an SVG bar chart (named and described for screen readers), with its table. */
export function VisitsChart({
  days,
  csv,
}: {
  days: InsightsReport["days"];
  csv: { href: string; text: string };
}) {
  const id = useId();
  const max = Math.max(1, ...days.map((d) => d.visits));
  const visits = days.reduce((sum, d) => sum + d.visits, 0);
  const views = days.reduce((sum, d) => sum + d.views, 0);
  const busiest = days.reduce((best, d) => (d.visits > best.visits ? d : best), days[0]);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const c = INSIGHTS_MESSAGES.columns;
  return (
    <figure className="flex flex-col gap-2">
      <p className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{count(max)}</span>
        <span>
          {count(visits)} {c.visits.toLowerCase()} · {count(views)} {c.views.toLowerCase()}
        </span>
      </p>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${days.length} 100`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-md border border-border bg-surface-2"
      >
        <title id={`${id}-title`}>{INSIGHTS_MESSAGES.visitsHeading}</title>
        <desc id={`${id}-desc`}>
          {INSIGHTS_MESSAGES.visitsChart(longDay(first), longDay(last), visits, views)}
          {busiest && busiest.visits > 0 ? ` Busiest: ${longDay(busiest.day)}, ${busiest.visits}.` : ""}
        </desc>
        {days.map((d, i) => {
          const height = (100 * d.visits) / max;
          return (
            <rect
              key={d.day}
              x={i + 0.12}
              width={0.76}
              y={100 - height}
              height={height}
              className="fill-brand"
            >
              <title>{`${longDay(d.day)}: ${count(d.visits)}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{first && shortDay(first)}</span>
        <span>{last && shortDay(last)}</span>
      </p>
      <DataTable
        caption={INSIGHTS_MESSAGES.visitsHeading}
        columns={[
          { id: "day", header: c.day, rowHeader: true, cell: (d) => longDay(d.day) },
          { id: "visits", header: c.visits, numeric: true, cell: (d) => count(d.visits) },
          { id: "views", header: c.views, numeric: true, cell: (d) => count(d.views) },
        ]}
        rows={days}
        rowKey={(d) => d.day}
        empty={INSIGHTS_MESSAGES.empty}
        csv={csv}
        folded={INSIGHTS_MESSAGES.asTable}
        maxHeight
      />
    </figure>
  );
}
