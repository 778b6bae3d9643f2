import { LEAD_SOURCE_MESSAGES } from "@common/admin-messages";
import { LEAD_SOURCE_LABELS, LEAD_SOURCE_PARTS, type LeadSource } from "@common/leads/lead-source";
import { Link } from "react-router";
import { INBOX_PATH, inboxSearch } from "~/lib/leads/enquiry-inbox";

/** Parts the inbox can be filtered by: a link to every enquiry from the same place. */
const FILTERABLE = new Set<keyof LeadSource>(["referrer", "utmSource"]);

/** The enquiry's source: where its visit started and came from, or that it is not known. */
export function LeadSourceCard({ source }: { source: LeadSource | null }) {
  const parts = LEAD_SOURCE_PARTS.filter((part) => source?.[part]);
  return (
    <section className="card" aria-labelledby="enquiry-source">
      <h2 id="enquiry-source" className="h-card">
        {LEAD_SOURCE_MESSAGES.heading}
      </h2>
      {source && parts.length ? (
        <dl className="mt-3 flex flex-col gap-3">
          {parts.map((part) => {
            const value = source[part] as string;
            return (
              <div key={part}>
                <dt className="text-sm font-semibold text-muted">{LEAD_SOURCE_LABELS[part]}</dt>
                <dd className="break-words">
                  {FILTERABLE.has(part) ? (
                    <Link
                      to={`${INBOX_PATH}${inboxSearch({ source: value })}`}
                      aria-label={LEAD_SOURCE_MESSAGES.filterBy(value)}
                      className="link"
                    >
                      {value}
                    </Link>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-muted">{LEAD_SOURCE_MESSAGES.unknown}</p>
      )}
    </section>
  );
}
