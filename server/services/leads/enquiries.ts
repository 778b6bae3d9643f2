import { and, desc, eq, sql } from "drizzle-orm";
import { INBOX_MESSAGES, LEAD_MESSAGES } from "../../../common/admin-messages";
import { AUDIT_MESSAGES } from "../../../common/audit";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { enquiryReference, replySubject } from "../../../common/leads/confirmation";
import type { EnquiryFields } from "../../../common/leads/enquiries";
import {
  type EnquiryDetail,
  type EnquiryEventType,
  type EnquiryPage,
  INBOX_PAGE_DEFAULT,
  type InboxFilter,
  type InboxQuery,
  type TimelineEntry,
} from "../../../common/leads/enquiry-inbox";
import type { EnquiryKind, StaffEnquiryStatus } from "../../../common/leads/enquiry-terms";
import { decodeCursor } from "../../../common/leads/inbox-cursor";
import type { LeadSource } from "../../../common/leads/lead-source";
import { CLOSED_REASON, stageForStatus } from "../../../common/pipeline/stages";
import type { Database } from "../../db/client";
import { admins, enquiries, enquiryEvents, mailOutbox, spamTokens } from "../../db/schema";
import { officeNotification, retryMail as retryOutboxMail } from "../../outbox/mail/outbox";
import { recordAudit } from "../audit";
import { writeStage } from "../pipeline/stage-write";
import { queueWebhooks } from "../webhooks/queue";
import { csvHeader, csvRows } from "./enquiry-csv";
import { enquiryPage } from "./enquiry-query";
import { timelineEntry, visitorColumns } from "./enquiry-rows";

/** Who did it: the signed-in colleague (the timeline keeps their address as it was). */
export interface Actor {
  id: string;
  email: string;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What is written with an enquiry, in its transaction (its id and the fields as stored). */
export type StoredWith = (
  tx: Tx,
  enquiry: { id: string; fields: EnquiryFields; source: LeadSource | null },
) => Promise<void>;

/** Rows per database round trip of the CSV export. */
const EXPORT_PAGE = 1000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const notFound = () => new NotFound(INBOX_MESSAGES.notFound);

const officeMailOf = (id: string) => and(eq(mailOutbox.enquiryId, id), eq(mailOutbox.kind, "notification"));

/**
 * Enquiries: stored with their notification, then worked in the admin inbox. `wakeMail` asks the
 * outbox worker for a delivery pass (after a submission or a retry). One enquiry's reads and
 * writes throw NotFound when it does not exist (a malformed id included).
 */
export function createEnquiryService(
  db: Database,
  wakeMail: () => void = () => {},
  settings: { autoReply: boolean; changed?: () => void } = { autoReply: false },
) {
  // Announces a write that moves the dashboard's figures (a new enquiry, a status change).
  const changed = settings.changed ?? (() => {});
  /**
   * Stores the enquiry and its notification in one transaction: both or neither; with
   * `autoReply`, the visitor's confirmation too (sent after the notification). Spam (the
   * honeypot was filled) is stored for staff to check, but never mailed. `source`: where the visit
   * came from (normalised, see lead-source.ts). Answers the reference.
   */
  async function submit(
    kind: EnquiryKind,
    fields: EnquiryFields,
    options: {
      spam?: boolean;
      source?: LeadSource | null;
      spamReasons?: string[];
      tokenId?: string;
      /** Written in the same transaction once the enquiry is (a booked review's booking). */
      within?: StoredWith;
    } = {},
  ) {
    const id = await db.transaction(async (tx) => {
      // The form token is spent with the enquiry: a second use is caught (server/services/leads/spam.ts).
      if (options.tokenId) await tx.insert(spamTokens).values({ id: options.tokenId }).onConflictDoNothing();
      const [row] = await tx
        .insert(enquiries)
        .values({
          kind,
          fields: fields as Record<string, unknown>,
          ...visitorColumns(kind, fields as Record<string, unknown>),
          status: options.spam ? "spam" : "new",
          source: options.source ?? null,
          spamReasons: options.spamReasons?.length ? options.spamReasons : null,
        })
        .returning({ id: enquiries.id });
      // Spam is never mailed nor sent to webhooks ('Not spam' sends both then).
      if (!options.spam) {
        await queueMail(tx, row.id, kind);
        await queueWebhooks(tx, "enquiry.created", row.id);
      }
      await options.within?.(tx, {
        id: row.id,
        fields,
        source: options.source ?? null,
      });
      return row.id;
    });
    if (!options.spam) wakeMail();
    changed();
    return { id, reference: enquiryReference(id) };
  }

  /**
   * The office's notification and, with `autoReply`, the visitor's confirmation, in `tx`; a booked
   * review's confirmation is the booking's own (with its invitation and link), never this one.
   */
  async function queueMail(tx: Tx, id: string, kind?: EnquiryKind) {
    await tx.insert(mailOutbox).values({ enquiryId: id });
    if (settings.autoReply && kind !== "review")
      await tx.insert(mailOutbox).values({ enquiryId: id, kind: "confirmation" });
  }

  /**
   * A reply to the visitor from the enquiry page: plain text mailed through the outbox and kept
   * in the timeline. Invalid when the enquiry has no e-mail address to answer.
   */
  async function reply(id: string, text: string, by: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      await locked(tx, id);
      const [{ email }] = await tx
        .select({ email: enquiries.email })
        .from(enquiries)
        .where(eq(enquiries.id, id));
      if (!email) throw new Invalid(LEAD_MESSAGES.noAddress);
      await tx.insert(mailOutbox).values({
        enquiryId: id,
        kind: "reply",
        message: { to: email, subject: replySubject(enquiryReference(id)), text },
      });
      await record(tx, id, by, "reply", { text });
    });
    wakeMail();
  }

  /** A page of the inbox, newest first (see enquiryPage); `me` is whose 'Mine' it is. */
  function list(query: Partial<InboxQuery> = {}, me?: string): Promise<EnquiryPage> {
    const { cursor, limit = INBOX_PAGE_DEFAULT, ...filter } = query;
    return enquiryPage(db, { ...filter, me }, cursor, limit);
  }

  /** The enquiry's timeline, newest first: one indexed range of enquiry_events. */
  async function timeline(id: string): Promise<TimelineEntry[]> {
    const rows = await db
      .select()
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, id))
      .orderBy(desc(enquiryEvents.at), desc(enquiryEvents.id));
    return rows.map(timelineEntry);
  }

  async function get(id: string): Promise<EnquiryDetail> {
    if (!UUID_SHAPE.test(id)) throw notFound();
    const [row] = await db
      .select({ e: enquiries, m: mailOutbox, assignee: { id: admins.id, email: admins.email } })
      .from(enquiries)
      .leftJoin(mailOutbox, officeNotification)
      .leftJoin(admins, eq(admins.id, enquiries.assignedTo))
      .where(eq(enquiries.id, id));
    if (!row) throw notFound();
    const { e, m, assignee } = row;
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
      assignedTo: assignee?.id ? { id: assignee.id, email: assignee.email } : null,
      source: e.source ?? null,
      spamReasons: e.spamReasons ?? null,
      stage: e.stage,
      pipeline: {
        stageChangedAt: iso(e.stageChangedAt),
        lostReason: e.lostReason ?? null,
        lostNote: e.lostNote ?? null,
        wonPence: e.wonPence ?? null,
      },
      timeline: await timeline(id),
      reference: enquiryReference(e.id),
    };
  }

  /** The enquiry's row, locked for this change; NotFound when there is none. */
  async function locked(tx: Tx, id: string) {
    if (!UUID_SHAPE.test(id)) throw notFound();
    const [row] = await tx
      .select({
        status: enquiries.status,
        assignedTo: enquiries.assignedTo,
        stage: enquiries.stage,
        kind: enquiries.kind,
      })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for("update");
    if (!row) throw notFound();
    return row;
  }

  const record = (
    tx: Tx,
    id: string,
    by: Actor | undefined,
    type: EnquiryEventType,
    data: Record<string, string | null>,
  ) => tx.insert(enquiryEvents).values({ enquiryId: id, adminId: by?.id, adminEmail: by?.email, type, data });

  /**
   * Sets the status; the time it changed moves, and the timeline records it, only when it really
   * changes. The pipeline's stage follows when it no longer fits the status (stageForStatus:
   * 'closed' on an open stage is Lost for CLOSED_REASON), recorded as a stage move of its own.
   */
  async function setStatus(id: string, status: StaffEnquiryStatus, by?: Actor): Promise<EnquiryDetail> {
    let released = false;
    await db.transaction(async (tx) => {
      const before = await locked(tx, id);
      if (before.status === status) return;
      await tx.update(enquiries).set({ status, statusChangedAt: sql`now()` }).where(eq(enquiries.id, id));
      await record(tx, id, by, "status", { from: before.status, to: status });
      const stage = stageForStatus(before.stage, status);
      if (stage !== before.stage) {
        const change = { from: before.stage, to: stage, via: "status" };
        const reason = stage === "lost" ? { reason: CLOSED_REASON } : {};
        if ((await writeStage(tx, id, { ...change, ...reason }, by ?? null, { keepStatus: true })) > 0)
          released = true;
      }
      // 'Not spam': what a genuine enquiry sends goes now, once (an enquiry mailed before has its row).
      if (before.status === "spam") {
        const [mailed] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(officeMailOf(id));
        if (!mailed) {
          await queueMail(tx, id, before.kind);
          await queueWebhooks(tx, "enquiry.created", id);
          released = true;
        }
      } else if ((await queueWebhooks(tx, "enquiry.status_changed", id)) > 0) released = true;
    });
    if (released) wakeMail();
    changed();
    return get(id);
  }

  /**
   * The enquiry locked for a note (erasure takes the same lock); Conflict once it was erased:
   * an erased enquiry's notes are tombstones and stay so.
   */
  async function lockedForNotes(tx: Tx, id: string) {
    await locked(tx, id);
    const [erased] = await tx
      .select({ id: enquiryEvents.id })
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.enquiryId, id), eq(enquiryEvents.type, "erased")))
      .limit(1);
    if (erased) throw new Conflict(LEAD_MESSAGES.erasedNotes);
  }

  /** A note on the enquiry, by `by`. */
  async function addNote(id: string, text: string, by: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      await lockedForNotes(tx, id);
      await record(tx, id, by, "note", { text });
    });
  }

  /** Edits a note: only its author may (Conflict for anyone else, and on an erased enquiry). */
  async function editNote(id: string, noteId: string, text: string, by: Actor): Promise<void> {
    if (!UUID_SHAPE.test(noteId)) throw new NotFound(LEAD_MESSAGES.noteNotFound);
    const note = and(
      eq(enquiryEvents.id, noteId),
      eq(enquiryEvents.enquiryId, id),
      eq(enquiryEvents.type, "note"),
    );
    await db.transaction(async (tx) => {
      await lockedForNotes(tx, id);
      const [edited] = await tx
        .update(enquiryEvents)
        .set({ data: { text }, editedAt: sql`now()` })
        .where(and(note, eq(enquiryEvents.adminId, by.id)))
        .returning({ id: enquiryEvents.id });
      if (edited) return;
      const [other] = await tx.select({ id: enquiryEvents.id }).from(enquiryEvents).where(note);
      throw other ? new Conflict(LEAD_MESSAGES.notYourNote) : new NotFound(LEAD_MESSAGES.noteNotFound);
    });
  }

  /** 'Assigned to' a colleague (null: nobody); recorded when it changes. Invalid for an unknown colleague. */
  async function assign(id: string, assignee: string | null, by: Actor): Promise<void> {
    let queued = 0;
    await db.transaction(async (tx) => {
      const before = await locked(tx, id);
      let email: string | null = null;
      if (assignee) {
        const [colleague] = await tx
          .select({ email: admins.email })
          .from(admins)
          .where(eq(admins.id, assignee));
        if (!colleague) throw new Invalid(LEAD_MESSAGES.noSuchColleague);
        email = colleague.email;
      }
      if (before.assignedTo === assignee) return;
      await tx.update(enquiries).set({ assignedTo: assignee }).where(eq(enquiries.id, id));
      await record(tx, id, by, "assign", { to: email });
      if (before.status !== "spam") queued = await queueWebhooks(tx, "enquiry.assigned", id);
    });
    if (queued > 0) wakeMail();
  }

  /** Puts a failed notification back in the outbox, due now; Conflict unless it had failed. */
  async function retryMail(id: string): Promise<void> {
    if (!UUID_SHAPE.test(id)) throw notFound();
    if (await retryOutboxMail(db, id, wakeMail)) return;
    const [exists] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, id));
    throw exists ? new Conflict(INBOX_MESSAGES.retryNotFailed) : notFound();
  }

  /**
   * The filtered inbox as CSV, newest first: a header row, then one chunk per keyset page, so
   * memory stays flat however many enquiries there are.
   */
  async function* exportCsv(filter: InboxFilter = {}, me?: string, by?: Actor): AsyncGenerator<string> {
    // The audit log: who exported how many (never the filter's search text: it may name a lead).
    let rows = 0;
    try {
      yield csvHeader();
      let cursor: InboxQuery["cursor"];
      for (;;) {
        const page = await enquiryPage(db, { ...filter, me }, cursor, EXPORT_PAGE);
        rows += page.data.length;
        if (page.data.length) yield csvRows(page.data);
        if (!page.next) return;
        cursor = decodeCursor(page.next);
      }
    } finally {
      if (by)
        await recordAudit(db, {
          action: "enquiries_exported",
          actor: by,
          target: { label: AUDIT_MESSAGES.enquiryCount(rows) },
        });
    }
  }

  return { submit, reply, list, get, setStatus, addNote, editNote, assign, retryMail, exportCsv };
}
