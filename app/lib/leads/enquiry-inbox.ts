import type { InboxFilter } from "@common/leads/enquiry-inbox";

export const INBOX_PATH = "/admin/dashboard/enquiries";

/** The inbox's query string for a filter (and page): what links and the CSV export carry. */
export function inboxSearch(filter: InboxFilter, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (filter.assigned) params.set("assigned", filter.assigned);
  if (filter.source) params.set("source", filter.source);
  if (filter.stage) params.set("stage", filter.stage);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const exportHref = (filter: InboxFilter) => `/api/admin/enquiries/export.csv${inboxSearch(filter)}`;

/** An enquiry's page; it carries the list's filter and page so 'Back' returns to the same place. */
export const enquiryHref = (id: string, listSearch: string) => `${INBOX_PATH}/${id}${listSearch}`;
