import { DESK_MESSAGES, type DeskFigures, type WeekCounts } from "@common/leads/desk";
import { KIND_LABELS } from "@common/leads/enquiry-labels";
import { ENQUIRY_KINDS, type EnquiryKind } from "@common/leads/enquiry-terms";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/DataTable";
import { INBOX_PATH, inboxSearch } from "~/lib/leads/enquiry-inbox";

/** Each kind's colour, the same in the chart and its key (both themes define these). */
const KIND_FILL: Record<EnquiryKind, string> = {
  contact: "var(--color-brand)",
  quote: "var(--color-accent)",
  tankering: "var(--color-water)",
  review: "var(--color-soil)",
};

const total = (w: WeekCounts) => ENQUIRY_KINDS.reduce((n, kind) => n + w[kind], 0);
const dayMonth = (week: string) => {
  const [, month, day] = week.split("-").map(Number);
  return `${day}/${month}`;
};

/**
 * Enquiries per week as stacked bars: an SVG image named by its title and summary, drawn in the
 * theme's colours, with the same numbers as a table beneath for screen readers and exact reading.
 */
function WeeklyChart({ weeks }: { weeks: WeekCounts[] }) {
  const width = 600;
  const height = 220;
  const left = 32;
  const bottom = 24;
  const max = Math.max(1, ...weeks.map(total));
  const step = (width - left) / weeks.length;
  const bar = step * 0.6;
  const scale = (n: number) => (n / max) * (height - bottom - 8);
  const all = weeks.reduce((n, w) => n + total(w), 0);
  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="desk-chart-title desk-chart-desc"
        className="h-auto w-full"
      >
        <title id="desk-chart-title">{DESK_MESSAGES.chartTitle}</title>
        <desc id="desk-chart-desc">{DESK_MESSAGES.chartSummary(all)}</desc>
        <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} stroke="var(--color-border)" />
        <text x={left - 6} y={12} textAnchor="end" fontSize="11" fill="var(--color-muted)">
          {max}
        </text>
        <text x={left - 6} y={height - bottom} textAnchor="end" fontSize="11" fill="var(--color-muted)">
          0
        </text>
        {weeks.map((w, i) => {
          const x = left + i * step + (step - bar) / 2;
          let y = height - bottom;
          return (
            <g key={w.week}>
              {ENQUIRY_KINDS.map((kind) => {
                const h = scale(w[kind]);
                y -= h;
                return h > 0 ? (
                  <rect key={kind} x={x} y={y} width={bar} height={h} fill={KIND_FILL[kind]} />
                ) : null;
              })}
              <text
                x={x + bar / 2}
                y={height - 8}
                textAnchor="middle"
                fontSize="10"
                fill="var(--color-muted)"
              >
                {dayMonth(w.week)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {ENQUIRY_KINDS.map((kind) => (
          <span key={kind} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="size-3 rounded-sm" style={{ background: KIND_FILL[kind] }} />
            {KIND_LABELS[kind]}
          </span>
        ))}
      </figcaption>
      <DataTable
        caption={DESK_MESSAGES.chartTitle}
        label={DESK_MESSAGES.tableName}
        columns={[
          { id: "week", header: DESK_MESSAGES.week, rowHeader: true, cell: (w) => w.week },
          ...ENQUIRY_KINDS.map((kind) => ({
            id: kind,
            header: KIND_LABELS[kind],
            numeric: true,
            cell: (w: WeekCounts) => w[kind],
          })),
          {
            id: "total",
            header: DESK_MESSAGES.total,
            numeric: true,
            className: "font-semibold",
            cell: total,
          },
        ]}
        rows={weeks}
        rowKey={(w) => w.week}
        empty={DESK_MESSAGES.chartSummary(0)}
        folded={DESK_MESSAGES.asTable}
      />
    </figure>
  );
}

const figureClass = "card flex flex-col gap-1";
const numberClass = "text-3xl font-extrabold tabular-nums";

/** The dashboard's first screen: the week at a glance, above the orders notice. */
export function DeskOverview({
  figures,
  activePopup,
  latestPosts,
}: {
  figures: DeskFigures;
  activePopup: string | null;
  latestPosts: Array<{ _id: string; title: string }>;
}) {
  const median = figures.medianHoursToContacted;
  return (
    <section aria-labelledby="desk-heading" className="mt-6 flex flex-col gap-4">
      <h2 id="desk-heading" className="h-card">
        {DESK_MESSAGES.heading}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className={figureClass}>
          <h3 className="text-sm font-semibold text-muted">{DESK_MESSAGES.waiting}</h3>
          <p className={numberClass}>{figures.waiting}</p>
          <Link
            to={`${INBOX_PATH}${inboxSearch({ status: "new" })}`}
            className="text-sm font-semibold underline"
          >
            {DESK_MESSAGES.openInbox}
          </Link>
        </div>
        <div className={figureClass}>
          <h3 className="text-sm font-semibold text-muted">{DESK_MESSAGES.median}</h3>
          <p className={numberClass}>
            {median === null ? DESK_MESSAGES.noMedian : DESK_MESSAGES.hours(median)}
          </p>
          {median !== null && (
            <p className="text-sm text-muted">{DESK_MESSAGES.of(figures.contactedCount)}</p>
          )}
        </div>
      </div>
      <div className="card">
        <WeeklyChart weeks={figures.weeks} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className={figureClass}>
          <h3 className="text-sm font-semibold text-muted">{DESK_MESSAGES.activePopup}</h3>
          <p className="font-semibold break-words">{activePopup ?? DESK_MESSAGES.noPopup}</p>
        </div>
        <div className={figureClass}>
          <h3 className="text-sm font-semibold text-muted">{DESK_MESSAGES.latestPosts}</h3>
          {latestPosts.length === 0 ? (
            <p>{DESK_MESSAGES.noPosts}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {latestPosts.map((post) => (
                <li key={post._id}>
                  <Link
                    to={`/admin/dashboard/blog/${post._id}`}
                    className="font-semibold break-words underline"
                  >
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
