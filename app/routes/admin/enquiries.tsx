import { INBOX_MESSAGES } from "@common/admin-messages";
import {
  type InboxFilter,
  type InboxQuery,
  inboxQuerySchema,
  inboxRow,
  queryValues,
} from "@common/leads/enquiry-inbox";
import { firstIssue } from "@common/zod";
import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { Loading } from "~/components/admin/Loading";
import { EnquiryRow } from "~/components/admin/leads/enquiries/EnquiryRow";
import { InboxFilters } from "~/components/admin/leads/enquiries/InboxFilters";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { ADMIN_SEARCH_PARAM } from "~/lib/admin-search";
import { exportHref, inboxSearch } from "~/lib/leads/enquiry-inbox";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/enquiries";

export const meta = adminMeta("Enquiries");
export const headers = adminHeaders;

/** A page of the inbox for the URL's kind, status, top-bar search (`q`) and cursor. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const parsed = inboxQuerySchema.safeParse(queryValues(new URL(request.url).searchParams));
  // A hand-edited or stale URL shows the message over the first page of the whole inbox.
  const query: Partial<InboxQuery> = parsed.success ? parsed.data : {};
  const page = await context.services.enquiries.list(query, admin.id);
  const filter: InboxFilter = {
    kind: query.kind,
    status: query.status,
    q: query.q,
    assigned: query.assigned,
    source: query.source,
    stage: query.stage,
  };
  return {
    // Only what the rows show travels to the browser, not every submitted field.
    page: { ...page, data: page.data.map(inboxRow) },
    filter,
    paged: Boolean(query.cursor),
    error: firstIssue(parsed),
  };
}

/** A new search term starts from the first page: the top-bar box keeps other parameters. */
function useFirstPageOnNewSearch() {
  const [params, setParams] = useSearchParams();
  const term = params.get(ADMIN_SEARCH_PARAM) ?? "";
  const previous = useRef(term);
  useEffect(() => {
    if (previous.current === term) return;
    previous.current = term;
    if (params.has("cursor"))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("cursor");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
  }, [term, params, setParams]);
}

const pageLinkClass = "btn btn-ghost";

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const { page, filter, paged, error } = loaderData;
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === pathname;
  useFirstPageOnNewSearch();
  const filtered =
    Boolean(filter.kind || filter.status || filter.q || filter.assigned || filter.source) || paged;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className={pageHeadingClass}>{INBOX_MESSAGES.heading}</h1>
        <a href={exportHref(filter)} download className="btn btn-ghost">
          <Download aria-hidden="true" className="size-5" />
          {INBOX_MESSAGES.exportCsv}
        </a>
      </div>
      <InboxFilters filter={filter} />
      <div className="mt-3 flex min-h-7 flex-wrap items-center gap-4" aria-live="polite">
        {filter.q && <p className="font-semibold">{INBOX_MESSAGES.searchingFor(filter.q)}</p>}
        {error && <p className="font-semibold text-[var(--color-danger)]">{error}</p>}
        {loading && <Loading />}
      </div>
      {page.data.length === 0 ? (
        <p className="card mt-1 text-center font-semibold text-muted">
          {filtered ? INBOX_MESSAGES.empty : INBOX_MESSAGES.emptyInbox}
        </p>
      ) : (
        <ol className="mt-1 flex flex-col gap-2" aria-busy={loading}>
          {page.data.map((enquiry) => (
            <EnquiryRow key={enquiry._id} enquiry={enquiry} listSearch={search} />
          ))}
        </ol>
      )}
      {(page.newer || page.next) && (
        <nav aria-label={INBOX_MESSAGES.pages} className="mt-6 flex flex-wrap justify-between gap-3">
          {page.newer ? (
            <Link to={inboxSearch(filter, page.newer)} className={pageLinkClass}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              {INBOX_MESSAGES.newer}
            </Link>
          ) : (
            <span />
          )}
          {page.next && (
            <Link to={inboxSearch(filter, page.next)} className={pageLinkClass}>
              {INBOX_MESSAGES.nextPage}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
