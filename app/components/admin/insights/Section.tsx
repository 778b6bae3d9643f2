import { INSIGHTS_MESSAGES, type InsightsRange, type InsightsTable } from "@common/insights";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { exportHref } from "./paths";
import { Scroller } from "./Scroller";

/** One part of the screen: its heading, a CSV download of its table, and its content. */
export function Section({
  id,
  title,
  table,
  range,
  intro,
  children,
}: {
  id: string;
  title: string;
  table: InsightsTable;
  range: InsightsRange;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <a
          href={exportHref(range, table)}
          download
          className="link inline-flex items-center gap-1 text-sm font-semibold"
          aria-label={`${INSIGHTS_MESSAGES.exportCsv}: ${title}`}
        >
          <Download aria-hidden="true" className="size-4" />
          {INSIGHTS_MESSAGES.exportCsv}
        </a>
      </div>
      {intro && <p className="text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** A table of counts with a bar in each row (the bar repeats the number: hidden from screen readers). */
export function CountTable({
  caption,
  columns,
  rows,
  numeric = 1,
}: {
  caption: string;
  /** Headings; the last column is the count the bars show. */
  columns: string[];
  /** How many columns at the end hold numbers (aligned right). */
  numeric?: number;
  rows: Array<{ key: string; cells: ReactNode[]; value: number }>;
}) {
  if (rows.length === 0) return <p className="text-muted">{INSIGHTS_MESSAGES.empty}</p>;
  const max = Math.max(...rows.map((r) => r.value), 1);
  return (
    <Scroller label={caption}>
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-muted">
            {columns.map((column, i) => (
              <th
                key={column}
                scope="col"
                className={`py-2 pr-2 sm:pr-3 font-semibold ${i >= columns.length - numeric ? "text-right" : ""}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-border/60 align-top">
              {row.cells.map((cell, i) => {
                const number = i >= row.cells.length - numeric;
                return i === 0 ? (
                  <th
                    key={columns[i]}
                    scope="row"
                    className="max-w-[14rem] py-2 pr-2 sm:pr-3 font-medium break-words"
                  >
                    {cell}
                    <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-surface-2">
                      <span
                        className="block h-full rounded-full bg-brand"
                        style={{ width: `${(100 * row.value) / max}%` }}
                      />
                    </span>
                  </th>
                ) : (
                  <td
                    key={columns[i]}
                    className={`py-2 pr-2 sm:pr-3 tabular-nums ${number ? "text-right" : ""}`}
                  >
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}
