import { FUNNEL_STAGES, INSIGHTS_MESSAGES, type InsightsReport } from "@common/insights";
import { useId } from "react";
import { count, percent } from "./format";
import { Scroller } from "./Scroller";

type FunnelRows = InsightsReport["funnel"];

const reachedOf = (funnel: FunnelRows, form: string) => (stage: string) =>
  funnel.find((f) => f.form === form && f.stage === stage)?.count ?? 0;

/** The quote wizard: visits that reached each step and submitted, the drop-off between them. */
export function QuoteFunnel({ funnel }: { funnel: FunnelRows }) {
  const id = useId();
  const reached = reachedOf(funnel, "quote");
  const stages = FUNNEL_STAGES.quote.map((stage) => ({
    stage,
    name: INSIGHTS_MESSAGES.stageName(stage),
    short: stage === "submitted" ? "Sent" : stage,
    n: reached(stage),
  }));
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
                className={s.stage === "submitted" ? "fill-accent" : "fill-brand"}
              />
            );
          })}
        </svg>
        <div className="grid grid-cols-7 text-center text-xs text-muted" aria-hidden="true">
          {stages.map((s) => (
            <span key={s.stage}>
              {s.stage !== "submitted" && <span className="max-sm:hidden">Step </span>}
              {s.short}
            </span>
          ))}
        </div>
      </figure>
      <Scroller label={INSIGHTS_MESSAGES.funnelHeading}>
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="sr-only">{INSIGHTS_MESSAGES.funnelHeading}</caption>
          <thead>
            <tr className="border-b border-border text-muted">
              <th scope="col" className="py-2 pr-2 sm:pr-3">
                {c.step}
              </th>
              <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
                {c.reached}
              </th>
              <th scope="col" className="py-2 text-right">
                {c.dropOff}
              </th>
            </tr>
          </thead>
          <tbody>
            {stages.map((s, i) => {
              const drop = drops[i];
              const isWorst = drop && drop === worst && drop.lost > 0;
              return (
                <tr key={s.stage} className={`border-b border-border/60 ${isWorst ? "font-bold" : ""}`}>
                  <th scope="row" className="py-2 pr-2 sm:pr-3 font-medium">
                    {s.name}
                  </th>
                  <td className="py-2 pr-2 sm:pr-3 text-right tabular-nums">{count(s.n)}</td>
                  <td className="py-2 text-right tabular-nums">
                    {drop ? `${count(drop.lost)} (${percent(drop.lost, drop.n)})` : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Scroller>
    </div>
  );
}

/** The contact and tankering forms: viewed → submitted. */
export function FormsTable({ funnel }: { funnel: FunnelRows }) {
  const c = INSIGHTS_MESSAGES.columns;
  const forms = (["contact", "tankering"] as const).map((form) => {
    const reached = reachedOf(funnel, form);
    return { form, viewed: reached("viewed"), submitted: reached("submitted") };
  });
  return (
    <Scroller label={INSIGHTS_MESSAGES.formsHeading}>
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">{INSIGHTS_MESSAGES.formsHeading}</caption>
        <thead>
          <tr className="border-b border-border text-muted">
            <th scope="col" className="py-2 pr-2 sm:pr-3">
              {c.form}
            </th>
            <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
              {c.viewed}
            </th>
            <th scope="col" className="py-2 pr-2 sm:pr-3 text-right">
              {c.submitted}
            </th>
            <th scope="col" className="py-2 text-right">
              {c.rate}
            </th>
          </tr>
        </thead>
        <tbody>
          {forms.map((f) => (
            <tr key={f.form} className="border-b border-border/60">
              <th scope="row" className="py-2 pr-2 sm:pr-3 font-medium">
                {INSIGHTS_MESSAGES.formNames[f.form]}
              </th>
              <td className="py-2 pr-2 sm:pr-3 text-right tabular-nums">{count(f.viewed)}</td>
              <td className="py-2 pr-2 sm:pr-3 text-right tabular-nums">{count(f.submitted)}</td>
              <td className="py-2 text-right tabular-nums">{percent(f.submitted, f.viewed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}
