import { INBOX_MESSAGES, LEAD_MESSAGES, LEAD_SOURCE_MESSAGES } from "@common/admin-messages";
import type { InboxFilter } from "@common/leads/enquiry-inbox";
import { KIND_LABELS, STATUS_LABELS } from "@common/leads/enquiry-labels";
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from "@common/leads/enquiry-terms";
import { STAGE_LABELS, STAGES } from "@common/pipeline/stages";
import { Link } from "react-router";
import { inputClass } from "~/components/enquiry/styles";
import { inboxSearch } from "~/lib/leads/enquiry-inbox";
import { PIPELINE_SCREEN_TEXTS } from "~/lib/pipeline/pipeline-texts";

interface Choice {
  label: string;
  filter: InboxFilter;
  current: boolean;
}

/** One filter as a row of links: plain navigation, so it works without JavaScript too. */
function FilterLinks({ label, choices }: { label: string; choices: Choice[] }) {
  return (
    // A floated legend takes part in the row's layout like any other item.
    <fieldset className="flex items-start gap-2">
      <legend className="float-left w-20 shrink-0 text-sm leading-9 font-bold text-muted">{label}</legend>
      {/* Chips that wrap stay in their own column, beside the legend. */}
      <div className="flex min-w-0 flex-1 flex-wrap gap-2">
        {choices.map((choice) => (
          <Link
            key={choice.label}
            to={inboxSearch(choice.filter)}
            aria-current={choice.current ? "true" : undefined}
            className={`inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold ${
              choice.current
                ? "border-brand bg-brand text-on-brand"
                : "border-border text-text hover:border-brand"
            }`}
          >
            {choice.label}
          </Link>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The source filter: a GET form (works without JavaScript) keeping the other filters, and
 * 'Any source' to drop it.
 */
function SourceFilter({ filter }: { filter: InboxFilter }) {
  const kept = { ...filter, source: undefined };
  return (
    <form method="get" className="flex flex-wrap items-end gap-2" aria-label={LEAD_SOURCE_MESSAGES.filter}>
      {Object.entries(kept).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor="inbox-source" className="text-sm font-bold text-muted">
          {LEAD_SOURCE_MESSAGES.filterLabel}
        </label>
        <input
          id="inbox-source"
          name="source"
          defaultValue={filter.source ?? ""}
          key={filter.source ?? ""}
          placeholder={LEAD_SOURCE_MESSAGES.filterHint}
          className={`${inputClass} w-64 max-w-full`}
        />
      </div>
      <button type="submit" className="btn btn-ghost min-h-9">
        {LEAD_SOURCE_MESSAGES.apply}
      </button>
      {filter.source && (
        <Link to={inboxSearch(kept)} className="btn btn-ghost min-h-9">
          {LEAD_SOURCE_MESSAGES.anySource}
        </Link>
      )}
    </form>
  );
}

/**
 * Kind, status and assignment ('Mine', 'Unassigned') filters; choosing one keeps the others and
 * the search, and starts at page one.
 */
export function InboxFilters({ filter }: { filter: InboxFilter }) {
  const kinds: Choice[] = [
    { label: INBOX_MESSAGES.allKinds, filter: { ...filter, kind: undefined }, current: !filter.kind },
    ...ENQUIRY_KINDS.map((kind) => ({
      label: KIND_LABELS[kind],
      filter: { ...filter, kind },
      current: filter.kind === kind,
    })),
  ];
  const statuses: Choice[] = [
    { label: INBOX_MESSAGES.allOpen, filter: { ...filter, status: undefined }, current: !filter.status },
    ...ENQUIRY_STATUSES.map((status) => ({
      label: STATUS_LABELS[status],
      filter: { ...filter, status },
      current: filter.status === status,
    })),
  ];
  // The pipeline's stage (issue 49).
  const stages: Choice[] = [
    {
      label: PIPELINE_SCREEN_TEXTS.anyStage,
      filter: { ...filter, stage: undefined },
      current: !filter.stage,
    },
    ...STAGES.map((stage) => ({
      label: STAGE_LABELS[stage],
      filter: { ...filter, stage },
      current: filter.stage === stage,
    })),
  ];
  const assigned: Choice[] = [
    { label: LEAD_MESSAGES.everyone, filter: { ...filter, assigned: undefined }, current: !filter.assigned },
    {
      label: LEAD_MESSAGES.mine,
      filter: { ...filter, assigned: "mine" },
      current: filter.assigned === "mine",
    },
    {
      label: LEAD_MESSAGES.unassigned,
      filter: { ...filter, assigned: "none" },
      current: filter.assigned === "none",
    },
  ];
  return (
    <div className="mt-4 flex flex-col gap-3">
      <FilterLinks label={INBOX_MESSAGES.kindFilter} choices={kinds} />
      <FilterLinks label={INBOX_MESSAGES.statusFilter} choices={statuses} />
      <FilterLinks label={PIPELINE_SCREEN_TEXTS.stage} choices={stages} />
      <FilterLinks label={LEAD_MESSAGES.assignedFilter} choices={assigned} />
      <SourceFilter filter={filter} />
    </div>
  );
}
