import type { InsightsRange, InsightsTable } from "@common/insights/insights";
import type { WonView } from "@common/insights/won-value";

export const INSIGHTS_PATH = "/admin/dashboard/insights";

/** The CSV download of one table for a range (a resource route: app/routes/admin/insights-export.ts). */
export const exportHref = (range: InsightsRange, table: InsightsTable) =>
  `${INSIGHTS_PATH}/export.csv?${new URLSearchParams({ from: range.from, to: range.to, table })}`;

/** The CSV download of one view of the won business for a range (the same resource route). */
export const wonExportHref = (range: InsightsRange, view: WonView) =>
  `${INSIGHTS_PATH}/export.csv?${new URLSearchParams({ from: range.from, to: range.to, view })}`;
