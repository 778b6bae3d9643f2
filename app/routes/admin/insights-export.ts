import { insightsRangeSchema, resolveRange } from "@common/insights/insights";
import { pipelineFunnel, WON_VIEWS, wonValueQuerySchema } from "@common/insights/won-value";
import { firstIssue } from "@common/zod";
import { data } from "react-router";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/insights-export";

/**
 * One table of the Insights screen as CSV, for the range in the query string (a download): a
 * table of counts (`table`), or a view of the won business (`view`: landing, referrer, …).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "insights");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const attachment = (csv: string, name: string, range: { from: string; to: string }) =>
    new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${range.from}-to-${range.to}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  if ("view" in params) {
    const won = wonValueQuerySchema.safeParse(params);
    if (!won.success) throw data(firstIssue(won), { status: 400 });
    const { range, error } = resolveRange(won.data);
    if (error) throw data(error, { status: 400 });
    const view = won.data.view ?? WON_VIEWS[0];
    return attachment(await context.services.wonValue.csv(range, view, admin), `won-${view}`, range);
  }
  const parsed = insightsRangeSchema.safeParse(params);
  if (!parsed.success) throw data(firstIssue(parsed), { status: 400 });
  const { range, error } = resolveRange(parsed.data);
  if (error) throw data(error, { status: 400 });
  const table = parsed.data.table ?? "days";
  // The funnel runs past "submitted": the range's enquiries quoted and won.
  const pipeline =
    table === "funnel" ? pipelineFunnel(await context.services.wonValue.report(range, admin)) : undefined;
  const csv = await context.services.insights.csv(range, table, { pipeline });
  return attachment(csv, `insights-${table}`, range);
}
