import { INSIGHTS_MESSAGES, insightsRangeSchema, resolveRange } from "@common/insights/insights";
import { pipelineFunnel } from "@common/insights/won-value";
import { firstIssue } from "@common/zod";
import { useLocation, useNavigation } from "react-router";
import { FormsTable, QuoteFunnel } from "~/components/admin/insights/Funnel";
import { count, longDay, pageLabel, sourceLabel } from "~/components/admin/insights/format";
import { RangeForm } from "~/components/admin/insights/RangeForm";
import { CountTable, insightsCsv, Section } from "~/components/admin/insights/Section";
import { VisitsChart } from "~/components/admin/insights/VisitsChart";
import { WonTables } from "~/components/admin/insights/WonTables";
import { Loading } from "~/components/admin/Loading";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/insights";

export const meta = adminMeta(INSIGHTS_MESSAGES.heading);
export const headers = adminHeaders;

/** The report for the URL's range (`days`, or `from` and `to`); a bad range shows the last 30 days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "insights");
  const parsed = insightsRangeSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  const { range, error } = resolveRange(query);
  const [report, won] = await Promise.all([
    context.services.insights.report(range),
    context.services.wonValue.report(range, admin),
  ]);
  const custom = query.from !== undefined || query.to !== undefined;
  return {
    report,
    won,
    pipeline: pipelineFunnel(won),
    preset: custom && !error ? undefined : (query.days ?? 30),
    error: parsed.success ? error : firstIssue(parsed),
  };
}

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { report, won, pipeline, preset, error } = loaderData;
  const { range } = report;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === pathname;
  const c = INSIGHTS_MESSAGES.columns;
  return (
    <>
      <h1 className={pageHeadingClass}>{INSIGHTS_MESSAGES.heading}</h1>
      <p className="mt-2 max-w-prose text-muted">{INSIGHTS_MESSAGES.intro}</p>
      <RangeForm range={range} preset={preset} />
      <div className="mt-3 flex min-h-7 flex-wrap items-center gap-4" aria-live="polite">
        <p className="font-semibold">{INSIGHTS_MESSAGES.showing(longDay(range.from), longDay(range.to))}</p>
        {error && <p className="font-semibold text-[var(--color-danger)]">{error}</p>}
        {loading && <Loading />}
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2" aria-busy={loading}>
        <div className="xl:col-span-2">
          <Section id="insights-visits" title={INSIGHTS_MESSAGES.visitsHeading}>
            <VisitsChart days={report.days} csv={insightsCsv(range, "days")} />
          </Section>
        </div>
        <WonTables report={won} range={range} />
        <Section id="insights-funnel" title={INSIGHTS_MESSAGES.funnelHeading}>
          <QuoteFunnel funnel={report.funnel} pipeline={pipeline} csv={insightsCsv(range, "funnel")} />
        </Section>
        <Section
          id="insights-enquiries"
          title={INSIGHTS_MESSAGES.enquiriesHeading}
          intro={INSIGHTS_MESSAGES.enquiriesIntro}
        >
          <CountTable
            caption={INSIGHTS_MESSAGES.enquiriesHeading}
            csv={insightsCsv(range, "enquiries")}
            columns={[c.landing, c.from, c.form, c.enquiries]}
            rows={report.enquiries.map((e) => ({
              key: `${e.landing} ${e.referrer} ${e.form}`,
              cells: [
                e.landing ? pageLabel(e.landing) : INSIGHTS_MESSAGES.direct,
                sourceLabel(e.referrer),
                INSIGHTS_MESSAGES.formNames[e.form],
                count(e.enquiries),
              ],
              value: e.enquiries,
            }))}
          />
        </Section>
        <Section id="insights-pages" title={INSIGHTS_MESSAGES.pagesHeading}>
          <CountTable
            caption={INSIGHTS_MESSAGES.pagesHeading}
            csv={insightsCsv(range, "pages")}
            columns={[c.page, c.visits, c.views]}
            numeric={2}
            rows={report.pages.map((p) => ({
              key: p.path,
              cells: [pageLabel(p.path), count(p.visits), count(p.views)],
              value: p.views,
            }))}
          />
        </Section>
        <Section id="insights-referrers" title={INSIGHTS_MESSAGES.referrersHeading}>
          <CountTable
            caption={INSIGHTS_MESSAGES.referrersHeading}
            csv={insightsCsv(range, "referrers")}
            columns={[c.site, c.visits]}
            rows={report.referrers.map((r) => ({
              key: r.domain,
              cells: [sourceLabel(r.domain), count(r.visits)],
              value: r.visits,
            }))}
          />
        </Section>
        <Section id="insights-campaigns" title={INSIGHTS_MESSAGES.campaignsHeading}>
          <CountTable
            caption={INSIGHTS_MESSAGES.campaignsHeading}
            csv={insightsCsv(range, "campaigns")}
            columns={[c.source, c.campaign, c.visits]}
            rows={report.campaigns.map((r) => ({
              key: `${r.source} ${r.campaign}`,
              cells: [r.source || "–", r.campaign || "–", count(r.visits)],
              value: r.visits,
            }))}
          />
        </Section>
        <Section id="insights-forms" title={INSIGHTS_MESSAGES.formsHeading}>
          <FormsTable funnel={report.funnel} pipeline={pipeline} csv={insightsCsv(range, "funnel")} />
        </Section>
      </div>
    </>
  );
}
