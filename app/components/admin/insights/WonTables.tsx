import { INSIGHTS_MESSAGES, type InsightsRange } from "@common/insights/insights";
import {
  formatWinRate,
  formatWonValue,
  WON_MESSAGES,
  WON_VIEWS,
  type WonReport,
  type WonView,
  wonKeyCells,
  wonKeyColumns,
} from "@common/insights/won-value";
import { count } from "./format";
import { wonExportHref } from "./paths";
import { CountTable, Section } from "./Section";

/**
 * Which pages bring won business (issue 49): one table per view (landing page, referring site,
 * campaign, form, business type), each with its CSV; the bar in each row is its won value.
 */
export function WonTables({ report, range }: { report: WonReport; range: InsightsRange }) {
  const c = WON_MESSAGES.columns;
  return (
    <>
      {WON_VIEWS.map((view: WonView) => {
        const keys = wonKeyColumns(view);
        return (
          <Section
            key={view}
            id={`insights-won-${view}`}
            title={WON_MESSAGES.headings[view]}
            intro={view === "landing" ? WON_MESSAGES.intro : undefined}
          >
            <CountTable
              caption={WON_MESSAGES.headings[view]}
              csv={{
                href: wonExportHref(range, view),
                text: INSIGHTS_MESSAGES.exportCsv,
              }}
              columns={[...keys, c.enquiries, c.quoted, c.won, c.lost, c.winRate, c.wonValue]}
              numeric={6}
              rows={report.views[view].map((row) => ({
                key: `${row.source ?? ""} ${row.key}`,
                cells: [
                  ...wonKeyCells(view, row),
                  count(row.enquiries),
                  count(row.quoted),
                  count(row.won),
                  count(row.lost),
                  formatWinRate(row.won, row.lost),
                  formatWonValue(row.wonPence),
                ],
                value: row.wonPence,
              }))}
            />
          </Section>
        );
      })}
    </>
  );
}
