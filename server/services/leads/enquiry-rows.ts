import { enquiryVisitor, type TimelineEntry } from "../../../common/leads/enquiry-inbox";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";
import type { enquiryEvents } from "../../db/schema";

/**
 * The visitor's name, e-mail and phone as stored in their own columns, the same for every kind:
 * taken once, at write time, from what the form sent (a quote nests them under `contact`).
 */
export function visitorColumns(kind: EnquiryKind, fields: Record<string, unknown>) {
  const { name, email, phone } = enquiryVisitor(kind, fields);
  return { name: name.trim() || null, email: email.trim() || null, phone: phone.trim() || null };
}

/** One timeline row as the inbox and the visitor's privacy export show it. */
export function timelineEntry(row: typeof enquiryEvents.$inferSelect): TimelineEntry {
  return {
    id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    by: row.adminEmail,
    byId: row.adminId,
    data: row.data,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
