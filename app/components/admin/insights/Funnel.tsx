import {
  FUNNEL_STAGES,
  INSIGHTS_MESSAGES,
  type InsightsReport,
  PIPELINE_FUNNEL_STAGES,
} from "@common/insights/insights";
import { useId } from "react";
import { DataTable } from "~/components/admin/DataTable";
import { count, percent } from "./format";

type FunnelRows = InsightsReport["funnel"];

/** Past "submitted": each form's enquiries quoted and won (common/insights/won-value.ts). */
const PAST_SUBMITTED: readonly string[] = PIPELINE_FUNNEL_STAGES;

const reachedOf = (funnel: FunnelRows, form: string) => (stage: string) =>
  funnel.find((f) => f.form === form && f.stage === stage)?.count ?? 0;

/**
 * The quote wizard: visits that reached each step and submitted, then the enquiries quoted and
 * won, and the drop-off between them.
 */
export function QuoteFunnel({
  funnel,
  pipeline,
  csv,
}: {
  funnel: FunnelRows;
  pipeline: FunnelRows;
  csv: { href: string; text: string };
}) {
  const id = useId();
  const reached = reachedOf([...funnel, ...pipeline], "quote");
  const stages = [...FUNNEL_STAGES.quote, ...PIPELINE_FUNNEL_STAGES].map((stage) => {
    const past = PAST_SUBMITTED.includes(stage);
    const name = INSIGHTS_MESSAGES.stageName(stage);
    return {
      stage,
      name,
      past,
      short: stage === "submitted" ? "Sent" : past ? name : stage,
      n: reached(stage),
    };
  });
  const max = Math.max(1, ...stages.map((s) => s.n));
  const drops = stages.slice(0, -1).map((s, i) => ({ ...s, lost: Math.max(0, s.n - stages[i + 1].n) }));
  const worst = drops.reduce((a, b) => (b.lost > a.lost ? b : a), drops[0]);
  const c = INSIGHTS_MESSAGES.columns;
  if (stages.every((s) => s.n === 0)) return <p className="text-muted">{INSIGHTS_MESSAGES.empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <figure className="flex flex-col gap-1">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${stages.length} 100`}
          preserveAspectRatio="none"
          className="h-36 w-full rounded-md border border-border bg-surface-2"
        >
          <title id={`${id}-title`}>{INSIGHTS_MESSAGES.funnelHeading}</title>
          <desc id={`${id}-desc`}>
            {INSIGHTS_MESSAGES.funnelChart(stages[0].n, stages.at(-1)?.n ?? 0)}
            {worst && worst.lost > 0
              ? ` Most are lost after ${worst.name}: ${worst.lost} of ${worst.n}.`
              : ""}
          </desc>
          {stages.map((s, i) => {
            const height = (100 * s.n) / max;
            return (
              <rect
                key={s.stage}
                x={i + 0.1}
                width={0.8}
                y={100 - height}
                height={height}
                className={s.stage === "submitted" || s.past ? "fill-accent" : "fill-brand"}
              />
            );
          })}
        </svg>
        <div className="grid grid-cols-9 text-center text-xs text-muted" aria-hidden="true">
          {stages.map((s) => (
            <span key={s.stage}>
              {s.stage !== "submitted" && !s.past && <span className="max-sm:hidden">Step </span>}
              {s.short}
            </span>
          ))}
        </div>
      </figure>
      <DataTable
        caption={INSIGHTS_MESSAGES.funnelHeading}
        columns={[
          { id: "step", header: c.step, rowHeader: true, cell: (s) => s.name },
          { id: "reached", header: c.reached, numeric: true, cell: (s) => count(s.n) },
          {
            id: "drop",
            header: c.dropOff,
            numeric: true,
            cell: (s) => (s.drop ? `${count(s.drop.lost)} (${percent(s.drop.lost, s.drop.n)})` : ""),
          },
        ]}
        rows={stages.map((s, i) => ({ ...s, drop: drops[i] }))}
        rowKey={(s) => s.stage}
        rowClassName={(s) => (s.drop && s.drop === worst && s.drop.lost > 0 ? "font-bold" : "")}
        empty={INSIGHTS_MESSAGES.empty}
        csv={csv}
      />
    </div>
  );
}

/** The contact and tankering forms: viewed → submitted, then the enquiries quoted and won. */
export function FormsTable({
  funnel,
  pipeline,
  csv,
}: {
  funnel: FunnelRows;
  pipeline: FunnelRows;
  csv: { href: string; text: string };
}) {
  const c = INSIGHTS_MESSAGES.columns;
  const forms = (["contact", "tankering"] as const).map((form) => {
    const reached = reachedOf([...funnel, ...pipeline], form);
    const [viewed, submitted, quoted, won] = ["viewed", "submitted", "quoted", "won"].map(reached);
    return { form, viewed, submitted, quoted, won };
  });
  return (
    <DataTable
      caption={INSIGHTS_MESSAGES.formsHeading}
      columns={[
        { id: "form", header: c.form, rowHeader: true, cell: (f) => INSIGHTS_MESSAGES.formNames[f.form] },
        { id: "viewed", header: c.viewed, numeric: true, cell: (f) => count(f.viewed) },
        { id: "submitted", header: c.submitted, numeric: true, cell: (f) => count(f.submitted) },
        { id: "rate", header: c.rate, numeric: true, cell: (f) => percent(f.submitted, f.viewed) },
        {
          id: "quoted",
          header: INSIGHTS_MESSAGES.stageName("quoted"),
          numeric: true,
          cell: (f) => count(f.quoted),
        },
        { id: "won", header: INSIGHTS_MESSAGES.stageName("won"), numeric: true, cell: (f) => count(f.won) },
      ]}
      rows={forms}
      rowKey={(f) => f.form}
      empty={INSIGHTS_MESSAGES.empty}
      csv={csv}
    />
  );
}
