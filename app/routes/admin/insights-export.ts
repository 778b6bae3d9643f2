import { insightsRangeSchema, resolveRange } from "@common/insights/insights";
import { firstIssue } from "@common/zod";
import { data } from "react-router";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/insights-export";

/** One table of the Insights screen as CSV, for the range in the query string (a download). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "insights");
  const parsed = insightsRangeSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(firstIssue(parsed), { status: 400 });
  const { range, error } = resolveRange(parsed.data);
  if (error) throw data(error, { status: 400 });
  const table = parsed.data.table ?? "days";
  const csv = await context.services.insights.csv(range, table);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${table}-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
