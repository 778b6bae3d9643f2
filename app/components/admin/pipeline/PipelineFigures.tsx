import { type PipelineFigures as Figures, PIPELINE_FIGURES_MESSAGES as M } from "@common/pipeline/dashboard";
import { formatPence } from "@common/pipeline/money";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/DataTable";

const figureClass = "card flex flex-col gap-1";
const numberClass = "text-3xl font-extrabold tabular-nums";

/** The dashboard's pipeline (issue 49): open value by stage, won this month, win rate, quotes expiring. */
export function PipelineFigures({ figures }: { figures: Figures }) {
  const { open, wonThisMonth, winRate, expiring } = figures;
  const total = open.reduce(
    (sum, s) => ({ enquiries: sum.enquiries + s.enquiries, valuePence: sum.valuePence + s.valuePence }),
    { enquiries: 0, valuePence: 0 },
  );
  return (
    <section aria-labelledby="pipeline-figures-heading" className="mt-6 flex flex-col gap-4">
      <h2 id="pipeline-figures-heading" className="h-card">
        {M.heading}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className={figureClass} data-testid="won-this-month">
          <h3 className="text-sm font-semibold text-muted">{M.wonThisMonth}</h3>
          <p className={numberClass}>{formatPence(wonThisMonth.valuePence)}</p>
          <p className="text-sm text-muted">{M.wonCount(wonThisMonth.enquiries)}</p>
        </div>
        <div className={figureClass} data-testid="win-rate">
          <h3 className="text-sm font-semibold text-muted">{M.winRate}</h3>
          <p className={numberClass}>{winRate.percent === null ? "–" : `${winRate.percent}%`}</p>
          <p className="text-sm text-muted">
            {winRate.percent === null ? M.noneDecided : M.winRateOf(winRate.won, winRate.lost)}
          </p>
        </div>
        <div className={figureClass} data-testid="quotes-expiring">
          <h3 className="text-sm font-semibold text-muted">{M.expiring}</h3>
          <p className={numberClass}>{expiring.count}</p>
          {expiring.count === 0 ? (
            <p className="text-sm text-muted">{M.expiringNone}</p>
          ) : (
            <>
              <p className="text-sm text-muted">
                {M.expiringTotal(expiring.count)}, {formatPence(expiring.valuePence)}
              </p>
              <ul className="flex flex-col gap-1 text-sm">
                {expiring.quotes.map((q) => (
                  <li key={q.id}>
                    <Link
                      to={`/admin/dashboard/enquiries/${q.enquiryId}`}
                      className="font-semibold underline"
                    >
                      {q.number}
                    </Link>{" "}
                    {formatPence(q.totalPence)}, {M.validUntil(q.validUntil)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <div className="card flex flex-col gap-3">
        <DataTable
          caption={M.openHeading}
          columns={[
            { id: "stage", header: M.stage, rowHeader: true, cell: (s) => s.name },
            { id: "enquiries", header: M.enquiries, numeric: true, cell: (s) => s.enquiries },
            { id: "value", header: M.value, numeric: true, cell: (s) => formatPence(s.valuePence) },
          ]}
          rows={[
            ...open.map((s) => ({ ...s, name: M.stageName(s.stage) })),
            { stage: "total", name: M.total, ...total },
          ]}
          rowKey={(s) => s.stage}
          empty={M.expiringNone}
        />
        <Link to="/admin/dashboard/pipeline" className="text-sm font-semibold underline">
          {M.openBoard}
        </Link>
      </div>
    </section>
  );
}
