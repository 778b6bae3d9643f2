import type { InsightsRange, InsightsTable } from "@common/insights/insights";

export const INSIGHTS_PATH = "/admin/dashboard/insights";

/** The CSV download of one table for a range (a resource route: app/routes/admin/insights-export.ts). */
export const exportHref = (range: InsightsRange, table: InsightsTable) =>
  `${INSIGHTS_PATH}/export.csv?${new URLSearchParams({ from: range.from, to: range.to, table })}`;
