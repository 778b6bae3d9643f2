import { INSIGHTS_MESSAGES, type InsightsRange, type InsightsTable } from "@common/insights/insights";
import type { ReactNode } from "react";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { exportHref } from "./paths";

/** One part of the screen: its heading, an optional sentence, and its chart or table. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {intro && <p className="text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** The CSV download of one of the screen's tables, for the range shown. */
export const insightsCsv = (range: InsightsRange, table: InsightsTable) => ({
  href: exportHref(range, table),
  text: INSIGHTS_MESSAGES.exportCsv,
});

interface CountRow {
  key: string;
  cells: ReactNode[];
  value: number;
}

/** A table of counts with a bar in each row (the bar repeats the number: hidden from screen readers). */
export function CountTable({
  caption,
  columns,
  rows,
  numeric = 1,
  csv,
}: {
  caption: string;
  /** Headings; the first names the row, the last is the count the bars show. */
  columns: string[];
  /** How many columns at the end hold numbers (aligned right). */
  numeric?: number;
  rows: CountRow[];
  csv: { href: string; text: string };
}) {
  const max = Math.max(...rows.map((r) => r.value), 1);
  const table: Array<Column<CountRow>> = columns.map((header, i) =>
    i === 0
      ? {
          id: header,
          header,
          rowHeader: true,
          className: "max-w-[14rem] break-words",
          cell: (row) => (
            <>
              {row.cells[0]}
              <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-surface-2">
                <span
                  className="block h-full rounded-full bg-brand"
                  style={{ width: `${(100 * row.value) / max}%` }}
                />
              </span>
            </>
          ),
        }
      : { id: header, header, numeric: i >= columns.length - numeric, cell: (row) => row.cells[i] },
  );
  return (
    <DataTable
      caption={caption}
      columns={table}
      rows={rows}
      rowKey={(row) => row.key}
      empty={INSIGHTS_MESSAGES.empty}
      csv={csv}
    />
  );
}
