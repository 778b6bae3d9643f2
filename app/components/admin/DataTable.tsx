import { TABLE_MESSAGES } from "@common/admin-messages";
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export type SortDirection = "ascending" | "descending";

/** One column: its header, what each row shows in it, and how its cells sit. */
export interface Column<Row> {
  /** The column's key, and its name in a sort link's query string. */
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** The cell names its row (`<th scope="row">`): one column at most, usually the first. */
  rowHeader?: boolean;
  /** Numbers: aligned right, in figures of one width. */
  numeric?: boolean;
  /** More classes for this column's cells (wrapping, width, weight). */
  className?: string;
  /** Sorted by a link in its header (`sort` of the table says where the links go). */
  sortable?: boolean;
}

/**
 * How a sortable table is sorted now and where each header's link goes: a query string the
 * screen's loader reads, so sorting works as plain links, without JavaScript.
 */
export interface TableSort {
  column: string;
  direction: SortDirection;
  href(column: string, direction: SortDirection): string;
}

/** "Download CSV" beside a table, named with the table: one markup for every export. */
function CsvLink({ href, text, table }: { href: string; text: string; table: string }) {
  return (
    <a
      href={href}
      download
      className="link inline-flex items-center gap-1 text-sm font-semibold"
      aria-label={`${text}: ${table}`}
    >
      <Download aria-hidden="true" className="size-4" />
      {text}
    </a>
  );
}

const SORT_ICON = { ascending: ArrowUp, descending: ArrowDown } as const;
/** Class names joined, the empty ones left out. */
const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ");
const cellClass = (column: { numeric?: boolean; className?: string }) =>
  classes("py-2 pr-3 last:pr-0", column.numeric && "text-right tabular-nums", column.className);
const headerClass = (column: { numeric?: boolean }) =>
  classes("py-2 pr-3 font-semibold last:pr-0", column.numeric && "text-right");

function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  const sorted = sort && sort.column === column.id ? sort.direction : undefined;
  if (!column.sortable || !sort)
    return (
      <th scope="col" className={headerClass(column)}>
        {column.header}
      </th>
    );
  // The header's link sorts by this column: first ascending, then the other way round.
  const next: SortDirection = sorted === "ascending" ? "descending" : "ascending";
  const Icon = sorted ? SORT_ICON[sorted] : ArrowUpDown;
  return (
    <th scope="col" aria-sort={sorted} className={headerClass(column)}>
      <Link
        to={sort.href(column.id, next)}
        preventScrollReset
        className={classes(
          "inline-flex items-center gap-1 underline-offset-2 hover:underline",
          sorted && "text-text",
        )}
      >
        {column.header}
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      </Link>
    </th>
  );
}

/**
 * Every admin table: a `<table>` named by its caption, `<th scope="col">` headers, a row header
 * where one column names the row, an empty-state row, headers that sort as links, and a CSV link
 * where the screen exports. On a narrow screen the table scrolls sideways inside a frame that
 * takes keyboard focus (WCAG 2.1.1; axe's scrollable-region-focusable), named after the table.
 */
export function DataTable<Row>({
  caption,
  captionVisible = false,
  label,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  sort,
  csv,
  folded,
  maxHeight = false,
}: {
  /** The table's accessible name; shown above it when `captionVisible`, for screen readers only otherwise. */
  caption: string;
  captionVisible?: boolean;
  /** The scrolling frame's name (default: the caption's, "…, table"). */
  label?: string;
  columns: Array<Column<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** What the one row says when there are none. */
  empty: ReactNode;
  /** A row's own classes (a row to stand out). */
  rowClassName?(row: Row): string;
  sort?: TableSort;
  /** A download of the table's data (its accessible name adds the caption). */
  csv?: { href: string; text: string };
  /** The table behind a disclosure with this summary (under a chart that shows the same figures). */
  folded?: string;
  /** A long table scrolls down inside 20 rem instead of lengthening the page. */
  maxHeight?: boolean;
}) {
  const table = (
    <section
      aria-label={label ?? TABLE_MESSAGES.region(caption)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take keyboard focus
      tabIndex={0}
      className={classes(
        "overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand",
        maxHeight && "max-h-80 overflow-y-auto",
      )}
    >
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className={captionVisible ? "pb-2 text-left text-sm font-semibold" : "sr-only"}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-border text-muted">
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-3 text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={classes("border-b border-border/60 align-top", rowClassName?.(row))}
              >
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={classes("font-medium", cellClass(column))}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={cellClass(column)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {csv && (
        <p className="flex justify-end">
          <CsvLink href={csv.href} text={csv.text} table={caption} />
        </p>
      )}
      {folded ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">{folded}</summary>
          <div className="mt-2">{table}</div>
        </details>
      ) : (
        table
      )}
    </div>
  );
}

/**
 * A sortable table's state from the query string (`sort`, `dir`: `asc` or `desc`; anything else
 * is the fallback), and where each header's link goes: the same query with the new order.
 */
export function sortFromQuery(
  search: string,
  columns: readonly string[],
  fallback: { column: string; direction: SortDirection },
): TableSort {
  const params = new URLSearchParams(search);
  const asked = params.get("sort") ?? "";
  const column = columns.includes(asked) ? asked : fallback.column;
  const dir = params.get("dir");
  const direction: SortDirection =
    column === asked && (dir === "asc" || dir === "desc")
      ? dir === "asc"
        ? "ascending"
        : "descending"
      : fallback.direction;
  return {
    column,
    direction,
    href(to, order) {
      const next = new URLSearchParams(params);
      next.set("sort", to);
      next.set("dir", order === "ascending" ? "asc" : "desc");
      return `?${next}`;
    },
  };
}
