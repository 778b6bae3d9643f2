import type { InboxRow } from "@common/leads/enquiry-inbox";
import { KIND_LABELS } from "@common/leads/enquiry-labels";
import { Link } from "react-router";
import { enquiryHref } from "~/lib/leads/enquiry-inbox";
import { ukTime } from "~/lib/uk-time";
import { StatusBadge } from "./StatusBadge";

/**
 * One lead in the list: kind, who, company or business type, when, status; opens the enquiry.
 * On a phone the name has a line of its own (it matters most); company and time share the next.
 */
export function EnquiryRow({ enquiry, listSearch }: { enquiry: InboxRow; listSearch: string }) {
  return (
    <li>
      <Link
        to={enquiryHref(enquiry._id, listSearch)}
        className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 rounded-[var(--radius)] border border-border bg-surface px-4 py-3 hover:border-brand sm:grid-cols-[6.5rem_minmax(0,1.2fr)_minmax(0,1fr)_10rem_6rem]"
      >
        <span className="text-xs font-bold tracking-wide text-muted uppercase sm:text-sm sm:normal-case">
          {KIND_LABELS[enquiry.kind]}
        </span>
        <span className="justify-self-end sm:order-last sm:justify-self-start">
          <StatusBadge status={enquiry.status} />
        </span>
        <span className="col-span-2 min-w-0 truncate font-bold sm:col-span-1">{enquiry.name}</span>
        <span className="min-w-0 truncate text-muted">{enquiry.organisation}</span>
        <time dateTime={enquiry.createdAt} className="text-sm text-muted">
          {ukTime(enquiry.createdAt)}
        </time>
      </Link>
    </li>
  );
}
