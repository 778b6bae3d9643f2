import { INSIGHTS_MESSAGES, INSIGHTS_PRESETS, type InsightsRange } from "@common/insights/insights";
import { Form, Link } from "react-router";
import { inputClass } from "~/components/enquiry/styles";
import { INSIGHTS_PATH } from "./paths";

/** The range: the last 30 or 90 days as links, or any dates (a GET form: the range is in the URL). */
export function RangeForm({ range, preset }: { range: InsightsRange; preset?: number }) {
  return (
    <div className="mt-4 flex flex-col gap-3">
      <nav aria-label={INSIGHTS_MESSAGES.range} className="flex flex-wrap gap-2">
        {INSIGHTS_PRESETS.map((days) => (
          <Link
            key={days}
            to={`${INSIGHTS_PATH}?days=${days}`}
            aria-current={preset === days ? "true" : undefined}
            className={`inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold ${
              preset === days
                ? "border-brand bg-brand text-on-brand"
                : "border-border text-text hover:border-brand"
            }`}
          >
            {INSIGHTS_MESSAGES.lastDays(days)}
          </Link>
        ))}
      </nav>
      <Form method="get" action={INSIGHTS_PATH} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {INSIGHTS_MESSAGES.from}
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            key={`from-${range.from}`}
            required
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {INSIGHTS_MESSAGES.to}
          <input
            type="date"
            name="to"
            defaultValue={range.to}
            key={`to-${range.to}`}
            required
            className={inputClass}
          />
        </label>
        <button type="submit" className="btn btn-ghost">
          {INSIGHTS_MESSAGES.show}
        </button>
      </Form>
    </div>
  );
}
