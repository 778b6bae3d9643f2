import { eq, sql } from "drizzle-orm";
import { UUID_SHAPE } from "../../common/blog";
import type { EnquiryKind, StaffEnquiryStatus } from "../../common/constants";
import type { EnquiryFields } from "../../common/enquiries";
import {
  decodeCursor,
  type EnquiryDetail,
  type EnquiryPage,
  INBOX_PAGE_DEFAULT,
  type InboxFilter,
  type InboxQuery,
} from "../../common/enquiry-inbox";
import type { Database } from "../db/client";
import { enquiries, mailOutbox } from "../db/schema";
import { retryMail as retryOutboxMail } from "../mail/outbox";
import { csvHeader, csvRows } from "./enquiry-csv";
import { enquiryPage } from "./enquiry-query";

export type RetryOutcome = "queued" | "not-found" | "not-failed";

/** Rows per database round trip of the CSV export. */
const EXPORT_PAGE = 1000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Enquiries: stored with their notification, then worked in the admin inbox. `wakeMail` asks the
 * outbox worker for a delivery pass (after a submission or a retry).
 */
export function createEnquiryService(db: Database, wakeMail: () => void = () => {}) {
  /**
   * Stores the enquiry and its notification in one transaction: both or neither. Spam (the
   * honeypot was filled) is stored for staff to check, but never mailed.
   */
  async function submit(kind: EnquiryKind, fields: EnquiryFields, options: { spam?: boolean } = {}) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(enquiries)
        .values({ kind, fields: fields as Record<string, unknown>, status: options.spam ? "spam" : "new" })
        .returning({ id: enquiries.id });
      if (!options.spam) await tx.insert(mailOutbox).values({ enquiryId: row.id });
      return row.id;
    });
    if (!options.spam) wakeMail();
    return id;
  }

  /** A page of the inbox, newest first (see enquiryPage). */
  function list(query: Partial<InboxQuery> = {}): Promise<EnquiryPage> {
    const { cursor, limit = INBOX_PAGE_DEFAULT, ...filter } = query;
    return enquiryPage(db, filter, cursor, limit);
  }

  async function get(id: string): Promise<EnquiryDetail | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(enquiries)
      .leftJoin(mailOutbox, eq(mailOutbox.enquiryId, enquiries.id))
      .where(eq(enquiries.id, id));
    if (!row) return undefined;
    const { enquiries: e, mail_outbox: m } = row;
    return {
      _id: e.id,
      kind: e.kind,
      createdAt: e.createdAt.toISOString(),
      status: e.status,
      statusChangedAt: iso(e.statusChangedAt),
      fields: e.fields,
      mail: m && {
        state: m.state,
        attempts: m.attempts,
        lastError: m.lastError,
        sentAt: iso(m.sentAt),
        nextAttemptAt: m.state === "pending" ? iso(m.nextAttemptAt) : null,
      },
    };
  }

  /** Sets the status; the time it changed moves only when it really changes. */
  async function setStatus(id: string, status: StaffEnquiryStatus): Promise<EnquiryDetail | undefined> {
    if (!UUID_SHAPE.test(id)) return undefined;
    const updated = await db
      .update(enquiries)
      .set({
        status,
        statusChangedAt: sql`case when ${enquiries.status} = ${status} then ${enquiries.statusChangedAt} else now() end`,
      })
      .where(eq(enquiries.id, id))
      .returning({ id: enquiries.id });
    return updated.length ? get(id) : undefined;
  }

  /** Puts a failed notification back in the outbox, due now. */
  async function retryMail(id: string): Promise<RetryOutcome> {
    if (!UUID_SHAPE.test(id)) return "not-found";
    if (await retryOutboxMail(db, id, wakeMail)) return "queued";
    const [exists] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, id));
    return exists ? "not-failed" : "not-found";
  }

  /**
   * The filtered inbox as CSV, newest first: a header row, then one chunk per keyset page, so
   * memory stays flat however many enquiries there are.
   */
  async function* exportCsv(filter: InboxFilter = {}): AsyncGenerator<string> {
    yield csvHeader();
    let cursor: InboxQuery["cursor"];
    for (;;) {
      const page = await enquiryPage(db, filter, cursor, EXPORT_PAGE);
      if (page.data.length) yield csvRows(page.data);
      if (!page.next) return;
      cursor = decodeCursor(page.next);
    }
  }

  return { submit, list, get, setStatus, retryMail, exportCsv };
}
