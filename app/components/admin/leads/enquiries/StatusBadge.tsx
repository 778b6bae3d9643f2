import { STATUS_LABELS } from "@common/leads/enquiry-labels";
import type { EnquiryStatus } from "@common/leads/enquiry-terms";

const TONE: Record<EnquiryStatus, string> = {
  new: "border-brand text-brand",
  contacted: "border-water text-water",
  closed: "border-border text-muted",
  spam: "border-[var(--color-danger)] text-[var(--color-danger)]",
};

/** An enquiry's status as a small outlined label (colour is never the only cue: it has text). */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-bold ${TONE[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
