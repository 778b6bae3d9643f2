import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { AUDIT_MESSAGES } from "../../../common/audit";
import {
  type AvailableDay,
  addDays,
  availability,
  type BookingSettings,
  DEFAULT_BOOKING_SETTINGS,
  isOffered,
  nearestSlots,
  type Slot,
} from "../../../common/bookings/availability";
import {
  BOOKING_MESSAGES,
  BOOKING_STATUS_LABELS,
  BOOKING_TOKEN_SHAPE,
  type BookingStatus,
  type BookingView,
  blockSchema,
  bookingSchema,
  bookingSettingsSchema,
  FEED_DAYS_BACK,
  FEED_TOKEN_SHAPE,
  REMINDER_BEFORE_MS,
  type ReviewEnquiry,
  reviewersSchema,
} from "../../../common/bookings/bookings";
import {
  cancelledMail,
  confirmationMail,
  type OfficeChange,
  officeChangeMail,
  reminderMail,
  rescheduledMail,
  reviewTimeText,
} from "../../../common/bookings/mail";
import { addressLine } from "../../../common/content/site-content/opening-hours";
import type { SiteDetails } from "../../../common/content/site-content/site-details-defaults";
import { londonDay } from "../../../common/en-gb";
import { Conflict, Invalid, InvalidFields, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { enquiryReference } from "../../../common/leads/confirmation";
import type { EnquiryFields } from "../../../common/leads/enquiries";
import type { LeadSource } from "../../../common/leads/lead-source";
import { can, type Role } from "../../../common/staff/roles";
import { fieldMessages, firstIssue, type z } from "../../../common/zod";
import type { Database } from "../../db/client";
import { ADVISORY_LOCKS } from "../../db/locks";
import {
  admins,
  bookingBlocks,
  bookingFeeds,
  bookingReviewers,
  bookingSettings,
  bookings,
  enquiryEvents,
  mailOutbox,
  type StoredMail,
} from "../../db/schema";
import { createWorker } from "../../workers";
import { authorize } from "../access";
import { recordAudit } from "../audit";
import type { EnquiryIntake } from "../leads/enquiry-intake";
import { bookingFeed, bookingInvitation } from "./ics";
import { queueBookingWebhooks } from "./webhooks";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

/** The colleague acting: their id, address and role (the session's). */
export interface StaffActor {
  id: string;
  email: string;
  role: Role;
}

/** A booking as a door received it (the page's form or the REST API), before anything is checked. */
export interface BookingSubmission {
  fields: Record<string, unknown>;
  token: unknown;
  trap: unknown;
  source: unknown;
  client: string;
  browser?: boolean;
}

export interface Booked {
  reference: string;
  startsAt: string;
  /** False when the booking was kept as spam (the honeypot, the score): no time was taken. */
  stored: boolean;
}

/** The time asked for is taken or not offered: the nearest free times come with the message. */
export class SlotTaken extends Conflict {
  constructor(readonly nearest: Slot[]) {
    super(BOOKING_MESSAGES.taken);
  }
}

const UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === UNIQUE_VIOLATION) return true;
  return false;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const REMINDER_EVERY_MS = 5 * 60_000;

const view = (row: typeof bookings.$inferSelect, staffEmail: string | null = null): BookingView => ({
  id: row.id,
  reference: row.reference,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  status: row.status,
  staffId: row.staffId,
  staffEmail,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  postcode: row.postcode,
  note: row.note,
  enquiryId: row.enquiryId,
  cancelReason: row.cancelReason,
  createdAt: row.createdAt.toISOString(),
});

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = fieldMessages(result);
    throw new InvalidFields(fields, firstIssue(result));
  }
  return result.data;
}

/**
 * Free waste reviews (issue 48): the times offered (the published hours and special days minus
 * booked reviews and blocked times, the Owner's settings), a visitor's booking with the enquiry it
 * makes on the desk, the reschedule and cancel link, and the desk's work on each booking. Every
 * write that takes a time holds one advisory lock (the check of the free time and the write are
 * one step across instances) and the partial unique index on the start refuses a second booking
 * of a slot whatever happens; the second visitor is told plainly and offered the nearest times.
 */
export function createBookingService(
  db: Database,
  deps: {
    /** The one intake every enquiry is stored through: a booking's enquiry (kind "review") too. */
    intake: Pick<EnquiryIntake, "take">;
    siteDetails: () => Promise<SiteDetails>;
    siteUrl: string;
    /** The office's address (MAIL_TO, or the company's). */
    officeTo: string;
    wakeMail?: () => void;
    now?: () => number;
  },
) {
  const now = deps.now ?? Date.now;
  const wake = () => deps.wakeMail?.();
  /** This instance's counts, for /metrics: reviews booked, tries refused for a taken time, reminders queued. */
  const counts = { booked: 0, taken: 0, reminded: 0 };

  async function settings(reader: Reader = db): Promise<BookingSettings> {
    const [row] = await reader.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
    if (!row) return { ...DEFAULT_BOOKING_SETTINGS };
    const { lengthMinutes, bufferMinutes, noticeDays, horizonWeeks } = row;
    return { lengthMinutes, bufferMinutes, noticeDays, horizonWeeks };
  }

  async function saveSettings(input: unknown, admin: StaffActor): Promise<BookingSettings> {
    authorize(admin, "booking-settings");
    const values = parsed(bookingSettingsSchema, input);
    await db.transaction(async (tx) => {
      await tx
        .insert(bookingSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: bookingSettings.id, set: { ...values, updatedAt: sql`now()` } });
      await recordAudit(tx, {
        action: "booking_settings_changed",
        actor: admin,
        target: { label: AUDIT_MESSAGES.bookingSettings(values) },
      });
    });
    return values;
  }

  /** The reviews and blocks that meet [from, to), as intervals (`except`: a booking being moved). */
  async function busy(reader: Reader, from: number, to: number, except?: string) {
    const booked = await reader
      .select({ start: bookings.startsAt, end: bookings.endsAt, staffId: bookings.staffId })
      .from(bookings)
      .where(
        and(
          ne(bookings.status, "cancelled"),
          lt(bookings.startsAt, new Date(to)),
          gt(bookings.endsAt, new Date(from)),
          except ? ne(bookings.id, except) : undefined,
        ),
      );
    const blocked = await reader
      .select({ start: bookingBlocks.startsAt, end: bookingBlocks.endsAt })
      .from(bookingBlocks)
      .where(and(lt(bookingBlocks.startsAt, new Date(to)), gt(bookingBlocks.endsAt, new Date(from))));
    const ms = (rows: Array<{ start: Date; end: Date }>) =>
      rows.map((r) => ({ start: r.start.getTime(), end: r.end.getTime() }));
    return {
      booked: booked.map((r) => ({ start: r.start.getTime(), end: r.end.getTime(), staffId: r.staffId })),
      blocked: ms(blocked),
    };
  }

  /**
   * The colleagues who take reviews (the Owner's marks), by address, of those whose role still
   * works on enquiries; none: the office's one calendar.
   */
  async function reviewerIds(reader: Reader = db): Promise<string[]> {
    const rows = await reader
      .select({ id: admins.id, role: admins.role })
      .from(bookingReviewers)
      .innerJoin(admins, eq(admins.id, bookingReviewers.staffId))
      .orderBy(asc(admins.email));
    return rows.filter((r) => can(r.role, "enquiries")).map((r) => r.id);
  }

  /**
   * Each calendar's free times: with no reviewer marked the office's (every booking counts); else
   * each reviewer's, where their own bookings and those nobody takes yet count.
   */
  async function calendars(
    range: { from?: string; to?: string },
    options: { reader?: Reader; except?: string; staff?: boolean; details?: SiteDetails } = {},
  ): Promise<Array<{ staffId: string | null; days: AvailableDay[]; booked: number }>> {
    const reader = options.reader ?? db;
    const at = now();
    // Read before a transaction takes its lock (a pool's connections may all be waiting on it).
    const details = options.details ?? (await deps.siteDetails());
    const rules = await settings(reader);
    const effective = options.staff ? { ...rules, noticeDays: 0 } : rules;
    const today = londonDay(at);
    const first = range.from && range.from > today ? range.from : today;
    const last = range.to ?? addDays(today, effective.horizonWeeks * 7);
    // A day either side covers the clock's offset and a buffer reaching over midnight.
    const windowFrom = Date.parse(`${addDays(first, -1)}T00:00:00Z`);
    const windowTo = Date.parse(`${addDays(last, 2)}T00:00:00Z`);
    const { booked, blocked } = await busy(reader, windowFrom, windowTo, options.except);
    const reviewers = await reviewerIds(reader);
    const of = (staffId: string | null) => {
      const theirs = staffId ? booked.filter((b) => b.staffId === staffId || b.staffId === null) : booked;
      return {
        staffId,
        booked: theirs.length,
        days: availability({
          details,
          settings: effective,
          booked: theirs,
          blocked,
          now: at,
          from: range.from,
          to: range.to,
        }),
      };
    };
    return reviewers.length ? reviewers.map(of) : [of(null)];
  }

  /** The times free on any calendar, each once, by day and time. */
  function merged(list: Array<{ days: AvailableDay[] }>): AvailableDay[] {
    if (list.length === 1) return list[0].days;
    const byDay = new Map<string, Map<string, Slot>>();
    for (const { days } of list)
      for (const day of days) {
        const slots = byDay.get(day.day) ?? new Map<string, Slot>();
        for (const slot of day.slots) slots.set(slot.start, slot);
        byDay.set(day.day, slots);
      }
    return [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, slots]) => ({
        day,
        slots: [...slots.values()].sort((a, b) => (a.start < b.start ? -1 : 1)),
      }))
      .filter((day) => day.slots.length > 0);
  }

  /**
   * The days with free times and their times, from the first bookable day (the notice) to the
   * horizon, or within `from`-`to` (YYYY-MM-DD); `staff`: as the desk moves a review (no notice).
   */
  async function availableDays(
    range: { from?: string; to?: string } = {},
    options: { reader?: Reader; except?: string; staff?: boolean; details?: SiteDetails } = {},
  ): Promise<AvailableDay[]> {
    return merged(await calendars(range, options));
  }

  /** The free times of the start's day and the next fortnight: what the 'taken' answer offers. */
  async function nearestTo(start: string, reader: Reader = db, staff = false) {
    const day = londonDay(Date.parse(start));
    const days = await availableDays({ from: addDays(day, -7), to: addDays(day, 14) }, { reader, staff });
    return nearestSlots(days, start);
  }

  /**
   * Takes `start` for a booking (`except`: the one being moved) in `tx`, on a calendar free at
   * that time: `prefer`'s (the colleague it is with) if free, else the reviewer with the fewest
   * reviews that day, or the office's when nobody takes reviews. SlotTaken if none is free.
   */
  async function claim(
    tx: Tx,
    start: string,
    details: SiteDetails,
    options: { except?: string; staff?: boolean; prefer?: string | null } = {},
  ) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bookingSlots})`);
    const day = londonDay(Date.parse(start));
    const { prefer, ...rest } = options;
    const free = (await calendars({ from: day, to: day }, { reader: tx, details, ...rest })).filter((c) =>
      isOffered(c.days, start),
    );
    if (free.length === 0) throw new SlotTaken([]);
    const chosen =
      free.find((c) => prefer !== undefined && c.staffId === prefer) ??
      [...free].sort((a, b) => a.booked - b.booked)[0];
    const { lengthMinutes } = await settings(tx);
    return {
      startsAt: new Date(start),
      endsAt: new Date(Date.parse(start) + lengthMinutes * 60_000),
      staffId: chosen.staffId,
    };
  }

  /** Runs `write`; a slot taken meanwhile (SlotTaken, or the unique index) answers with the nearest times. */
  async function taking<T>(start: string, write: () => Promise<T>, staff = false): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof SlotTaken || isUniqueViolation(error)) {
        counts.taken++;
        throw new SlotTaken(await nearestTo(start, db, staff));
      }
      throw error;
    }
  }

  const manageLink = (id: string, token: string) => `${deps.siteUrl}/book/manage/${id}/${token}`;

  function siteInfo(details: SiteDetails) {
    return { name: details.name, phone: details.phone, address: addressLine(details) };
  }

  /** The visitor's mail about a booking, with its calendar invitation (or cancellation). */
  async function visitorMail(
    tx: Tx,
    booking: typeof bookings.$inferSelect,
    content: { subject: string; text: string },
    info: ReturnType<typeof siteInfo>,
    ics?: "REQUEST" | "CANCEL",
  ) {
    if (!booking.email) return;
    const message: StoredMail = { to: booking.email, subject: content.subject, text: content.text };
    if (ics) {
      message.ics = {
        method: ics,
        content: await bookingInvitation({
          id: booking.id,
          startsAt: booking.startsAt,
          endsAt: booking.endsAt,
          sequence: Math.floor((booking.updatedAt.getTime() - booking.createdAt.getTime()) / 1000),
          method: ics,
          organiser: { name: info.name, email: deps.officeTo },
          attendee: { name: booking.name ?? "", email: booking.email },
          location: booking.postcode ?? info.address,
          description: `${booking.reference}. ${info.name}, phone ${info.phone}.`,
          reference: booking.reference,
        }),
      };
    }
    await tx.insert(mailOutbox).values({ enquiryId: booking.enquiryId, kind: "booking", message });
  }

  async function officeMail(
    tx: Tx,
    booking: typeof bookings.$inferSelect,
    change: OfficeChange,
    by: string,
    previous?: Date,
  ) {
    const content = officeChangeMail(
      change,
      { reference: booking.reference, startsAt: booking.startsAt, previous },
      by,
    );
    await tx.insert(mailOutbox).values({
      enquiryId: booking.enquiryId,
      kind: "booking",
      message: { to: deps.officeTo, ...content },
    });
  }

  /** A line on the enquiry's timeline (a note by the colleague, or by nobody: the visitor's own change). */
  async function timeline(tx: Tx, booking: typeof bookings.$inferSelect, text: string, by?: StaffActor) {
    if (!booking.enquiryId) return;
    await tx.insert(enquiryEvents).values({
      enquiryId: booking.enquiryId,
      adminId: by?.id ?? null,
      adminEmail: by?.email ?? null,
      type: "note",
      data: { text },
    });
  }

  /**
   * A visitor's booking, an enquiry of its own kind ("review", "Free waste review" on the desk)
   * through the one intake (server/services/leads/enquiry-intake.ts): the fields checked
   * (InvalidFields), the honeypot and the spam score as for every enquiry (the form token is
   * needed), the enquiry stored with its office notification and webhooks; then, in the enquiry's
   * own transaction, the time claimed, the booking and its link, the visitor's confirmation with
   * the invitation and the booking's webhooks. A slot taken meanwhile rolls the enquiry back too.
   * Spam is kept as a spam enquiry and takes no time; the answer looks the same.
   */
  async function book(submission: BookingSubmission): Promise<Booked> {
    const details = await deps.siteDetails();
    const token = randomBytes(32).toString("base64url");
    const asked = bookingSchema.shape.start.safeParse(submission.fields?.start);
    const start = asked.success ? asked.data : "";
    let booked: typeof bookings.$inferSelect | undefined;
    const taken = await taking(start, () =>
      deps.intake.take(
        {
          kind: "review",
          fields: submission.fields ?? {},
          token: submission.token,
          trap: submission.trap,
          source: submission.source,
          client: submission.client,
          browser: submission.browser,
        },
        {
          within: async (tx, enquiry) => {
            booked = await takeTime(tx, enquiry, details, token);
          },
        },
      ),
    );
    if (!booked)
      return {
        reference: taken.reference,
        startsAt: taken.stored ? start : "",
        stored: false,
      };
    wake();
    counts.booked++;
    return {
      reference: booked.reference,
      startsAt: booked.startsAt.toISOString(),
      stored: true,
    };
  }

  /** The booking of a review enquiry just written in `tx`: its time claimed, its link, mail and webhooks. */
  async function takeTime(
    tx: Tx,
    enquiry: { id: string; fields: EnquiryFields; source: LeadSource | null },
    details: SiteDetails,
    token: string,
  ) {
    const input = enquiry.fields as ReviewEnquiry;
    const slot = await claim(tx, input.start, details);
    const at = now();
    const [row] = await tx
      .insert(bookings)
      .values({
        ...slot,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        postcode: input.location,
        note: input.message || null,
        reference: enquiryReference(enquiry.id),
        source: enquiry.source,
        enquiryId: enquiry.id,
        tokenHash: hashToken(token),
        // A review within a day: the confirmation is its reminder.
        remindedAt: slot.startsAt.getTime() - at < REMINDER_BEFORE_MS ? new Date(at) : null,
      })
      .returning();
    await visitorMail(
      tx,
      row,
      confirmationMail(visitorOf(row), siteInfo(details), manageLink(row.id, token)),
      siteInfo(details),
      "REQUEST",
    );
    await queueBookingWebhooks(tx, "booking.created", row);
    return row;
  }

  const visitorOf = (row: typeof bookings.$inferSelect) => ({
    name: row.name ?? "customer",
    reference: row.reference,
    startsAt: row.startsAt,
  });

  /** The booking a link opens: this id and this token, still booked and still to come; NotFound otherwise. */
  async function byLink(id: string, token: string, reader: Reader = db) {
    const refused = () => new NotFound(BOOKING_MESSAGES.linkInvalid);
    if (!UUID_SHAPE.test(id) || typeof token !== "string" || !BOOKING_TOKEN_SHAPE.test(token))
      throw refused();
    const [row] = await reader.select().from(bookings).where(eq(bookings.id, id));
    if (!row?.tokenHash || !sameHash(row.tokenHash, hashToken(token))) throw refused();
    if (row.status !== "booked" || row.endsAt.getTime() <= now()) throw refused();
    return row;
  }

  /** What the link's page shows: the reference, the time and the status (no personal details). */
  async function viewByLink(id: string, token: string) {
    const row = await byLink(id, token);
    return { id: row.id, reference: row.reference, startsAt: row.startsAt.toISOString(), status: row.status };
  }

  /** Moves a booking to `start` (one of the times offered), with its mail, timeline and webhooks. */
  async function move(
    id: string,
    start: string,
    by: { visitor: true } | { admin: StaffActor },
    token?: string,
  ) {
    const staff = "admin" in by;
    const details = await deps.siteDetails();
    const moved = await taking(
      start,
      () =>
        db.transaction(async (tx) => {
          const current = staff ? await locked(tx, id) : await byLink(id, token ?? "", tx);
          if (current.status !== "booked") throw new Conflict(BOOKING_MESSAGES.notBooked);
          const slot = await claim(tx, start, details, { except: id, staff, prefer: current.staffId });
          const at = now();
          const [row] = await tx
            .update(bookings)
            .set({
              ...slot,
              remindedAt: slot.startsAt.getTime() - at < REMINDER_BEFORE_MS ? new Date(at) : null,
              updatedAt: new Date(at),
            })
            .where(eq(bookings.id, id))
            .returning();
          const who = staff ? by.admin.email : "the visitor";
          await timeline(
            tx,
            row,
            `Review moved from ${reviewTimeText(current.startsAt)} to ${reviewTimeText(row.startsAt)} by ${who}`,
            staff ? by.admin : undefined,
          );
          await officeMail(tx, row, "rescheduled", who, current.startsAt);
          // A new link with the move: the old one stays this booking's, so it is kept as it was.
          await visitorMail(
            tx,
            row,
            rescheduledMail(visitorOf(row), siteInfo(details), token ? manageLink(row.id, token) : undefined),
            siteInfo(details),
            "REQUEST",
          );
          await queueBookingWebhooks(tx, "booking.rescheduled", row);
          if (staff)
            await recordAudit(tx, {
              action: "booking_rescheduled",
              actor: by.admin,
              target: { id, label: row.reference },
            });
          return row;
        }),
      staff,
    );
    wake();
    return moved;
  }

  /** Cancels a booking (the slot is free again), with its mail, timeline and webhooks. */
  async function end(
    id: string,
    reason: string,
    by: { visitor: true } | { admin: StaffActor },
    token?: string,
  ) {
    const staff = "admin" in by;
    const details = await deps.siteDetails();
    const cancelled = await db.transaction(async (tx) => {
      const current = staff ? await locked(tx, id) : await byLink(id, token ?? "", tx);
      if (current.status !== "booked") throw new Conflict(BOOKING_MESSAGES.notBooked);
      const [row] = await tx
        .update(bookings)
        .set({ status: "cancelled", cancelReason: reason, updatedAt: new Date(now()) })
        .where(eq(bookings.id, id))
        .returning();
      const who = staff ? by.admin.email : "the visitor";
      await timeline(
        tx,
        row,
        `Review on ${reviewTimeText(row.startsAt)} cancelled by ${who}: ${reason}`,
        staff ? by.admin : undefined,
      );
      await officeMail(tx, row, "cancelled", who);
      await visitorMail(
        tx,
        row,
        cancelledMail(visitorOf(row), siteInfo(details)),
        siteInfo(details),
        "CANCEL",
      );
      await queueBookingWebhooks(tx, "booking.cancelled", row);
      if (staff)
        await recordAudit(tx, {
          action: "booking_cancelled",
          actor: by.admin,
          target: { id, label: row.reference },
        });
      return row;
    });
    wake();
    return cancelled;
  }

  /** The booking, locked for the rest of `tx`; NotFound when there is none. */
  async function locked(tx: Tx, id: string) {
    if (!UUID_SHAPE.test(id)) throw new NotFound(BOOKING_MESSAGES.notFound);
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!row) throw new NotFound(BOOKING_MESSAGES.notFound);
    return row;
  }

  /** The visitor's own move, by their link. */
  const rescheduleByLink = async (id: string, token: string, start: string) =>
    viewOf(await move(id, parsedStart(start), { visitor: true }, token));

  /** The visitor's own cancellation, by their link (which ends with it). */
  const cancelByLink = async (id: string, token: string) =>
    viewOf(await end(id, "Cancelled by the visitor", { visitor: true }, token));

  const viewOf = (row: typeof bookings.$inferSelect) => ({
    id: row.id,
    reference: row.reference,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
  });

  function parsedStart(start: unknown): string {
    return parsed(bookingSchema.pick({ start: true }), { start }).start;
  }

  /**
   * The desk's list: bookings meeting `from`-`to` (YYYY-MM-DD, London days, both included; default
   * today), of one colleague (`staffId`, or "office" for those nobody takes yet), by start.
   */
  async function list(
    query: { from?: string; to?: string; staffId?: string; status?: BookingStatus },
    admin: StaffActor,
  ): Promise<BookingView[]> {
    authorize(admin, "enquiries");
    const today = londonDay(now());
    const from = query.from ?? today;
    const to = query.to ?? from;
    const rows = await db
      .select({ booking: bookings, staffEmail: admins.email })
      .from(bookings)
      .leftJoin(admins, eq(admins.id, bookings.staffId))
      .where(
        and(
          gte(bookings.startsAt, new Date(Date.parse(`${addDays(from, -1)}T00:00:00Z`))),
          lte(bookings.startsAt, new Date(Date.parse(`${addDays(to, 1)}T23:59:59Z`))),
          query.staffId === "office"
            ? sql`${bookings.staffId} is null`
            : query.staffId
              ? eq(bookings.staffId, query.staffId)
              : undefined,
          query.status ? eq(bookings.status, query.status) : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.createdAt));
    return rows
      .filter(({ booking }) => {
        const day = londonDay(booking.startsAt.getTime());
        return day >= from && day <= to;
      })
      .map(({ booking, staffEmail }) => view(booking, staffEmail));
  }

  async function get(id: string, admin: StaffActor): Promise<BookingView> {
    authorize(admin, "enquiries");
    if (!UUID_SHAPE.test(id)) throw new NotFound(BOOKING_MESSAGES.notFound);
    const [row] = await db
      .select({ booking: bookings, staffEmail: admins.email })
      .from(bookings)
      .leftJoin(admins, eq(admins.id, bookings.staffId))
      .where(eq(bookings.id, id));
    if (!row) throw new NotFound(BOOKING_MESSAGES.notFound);
    return view(row.booking, row.staffEmail);
  }

  /** The colleagues who may take a review (those whose role works on enquiries), and whether they do. */
  async function reviewers(admin: StaffActor) {
    authorize(admin, "enquiries");
    const rows = await db
      .select({ id: admins.id, email: admins.email, role: admins.role, marked: bookingReviewers.staffId })
      .from(admins)
      .leftJoin(bookingReviewers, eq(bookingReviewers.staffId, admins.id))
      .orderBy(asc(admins.email));
    return rows
      .filter((r) => can(r.role, "enquiries"))
      .map(({ id: staffId, email, marked }) => ({ id: staffId, email, takesReviews: marked !== null }));
  }

  /**
   * The Owner marks the colleagues who take reviews (none: the office's one calendar). Each must
   * work on enquiries (Desk or Owner). Bookings already made keep whom they are with.
   */
  async function setReviewers(input: unknown, admin: StaffActor) {
    authorize(admin, "booking-settings");
    const { staffIds } = parsed(reviewersSchema, input);
    const wanted = [...new Set(staffIds)];
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bookingSlots})`);
      const found = wanted.length
        ? await tx.select({ id: admins.id, role: admins.role }).from(admins).where(inArray(admins.id, wanted))
        : [];
      if (found.length !== wanted.length || found.some((r) => !can(r.role, "enquiries")))
        throw new InvalidFields({ staffIds: BOOKING_MESSAGES.staffMember });
      await tx.delete(bookingReviewers);
      if (wanted.length) await tx.insert(bookingReviewers).values(wanted.map((staffId) => ({ staffId })));
      await recordAudit(tx, {
        action: "booking_reviewers_changed",
        actor: admin,
        target: { label: `${wanted.length} taking reviews` },
      });
    });
    return reviewers(admin);
  }

  async function reassign(id: string, staffId: string | null, admin: StaffActor): Promise<BookingView> {
    authorize(admin, "enquiries");
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bookingSlots})`);
      const current = await locked(tx, id);
      let email: string | null = null;
      if (staffId !== null) {
        const [colleague] = UUID_SHAPE.test(staffId)
          ? await tx.select().from(admins).where(eq(admins.id, staffId))
          : [];
        if (!colleague || !can(colleague.role, "enquiries")) throw new Invalid(BOOKING_MESSAGES.staffMember);
        email = colleague.email;
        // A booked review goes only to a colleague free then: none of their reviews, with the
        // buffer after each, meets this one and its buffer.
        if (current.status === "booked" && current.staffId !== staffId) {
          const { bufferMinutes } = await settings(tx);
          const buffer = bufferMinutes * 60_000;
          const [clash] = await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.staffId, staffId),
                ne(bookings.status, "cancelled"),
                ne(bookings.id, id),
                lt(bookings.startsAt, new Date(current.endsAt.getTime() + buffer)),
                gt(bookings.endsAt, new Date(current.startsAt.getTime() - buffer)),
              ),
            )
            .limit(1);
          if (clash) throw new Conflict(BOOKING_MESSAGES.staffBusy);
        }
      }
      const [row] = await tx
        .update(bookings)
        .set({ staffId, updatedAt: new Date(now()) })
        .where(eq(bookings.id, current.id))
        .returning();
      await timeline(
        tx,
        row,
        `Review on ${reviewTimeText(row.startsAt)} given to ${email ?? "the office"}`,
        admin,
      );
      await recordAudit(tx, {
        action: "booking_reassigned",
        actor: admin,
        target: { id, label: row.reference },
      });
    });
    return get(id, admin);
  }

  async function reschedule(id: string, start: unknown, admin: StaffActor): Promise<BookingView> {
    authorize(admin, "enquiries");
    await move(id, parsedStart(start), { admin });
    return get(id, admin);
  }

  async function cancel(id: string, input: unknown, admin: StaffActor): Promise<BookingView> {
    authorize(admin, "enquiries");
    const reason = typeof input === "string" ? input : (input as { reason?: unknown } | undefined)?.reason;
    const text = typeof reason === "string" ? reason.trim() : "";
    if (!text) throw new InvalidFields({ reason: BOOKING_MESSAGES.reason });
    await end(id, text.slice(0, 500), { admin });
    return get(id, admin);
  }

  /** Marks a review held or no-show, once its time has come. */
  async function markOutcome(
    id: string,
    status: "held" | "no-show",
    admin: StaffActor,
  ): Promise<BookingView> {
    authorize(admin, "enquiries");
    if (status !== "held" && status !== "no-show")
      throw new InvalidFields({ status: BOOKING_MESSAGES.outcome });
    await db.transaction(async (tx) => {
      const current = await locked(tx, id);
      if (current.status === "cancelled") throw new Conflict(BOOKING_MESSAGES.notBooked);
      if (current.startsAt.getTime() > now()) throw new Conflict(BOOKING_MESSAGES.outcomeTooSoon);
      const [row] = await tx
        .update(bookings)
        .set({ status, updatedAt: new Date(now()) })
        .where(eq(bookings.id, id))
        .returning();
      await timeline(
        tx,
        row,
        `Review on ${reviewTimeText(row.startsAt)} marked ${status === "held" ? "held" : "no-show"}`,
        admin,
      );
      await recordAudit(tx, {
        action: "booking_outcome",
        actor: admin,
        target: { id, label: `${row.reference}: ${status}` },
      });
    });
    return get(id, admin);
  }

  async function blocks(admin: StaffActor) {
    authorize(admin, "enquiries");
    const rows = await db
      .select()
      .from(bookingBlocks)
      .where(gt(bookingBlocks.endsAt, new Date(now())))
      .orderBy(asc(bookingBlocks.startsAt));
    return rows.map((r) => ({
      id: r.id,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      reason: r.reason,
      createdBy: r.createdBy,
    }));
  }

  async function addBlock(input: unknown, admin: StaffActor) {
    authorize(admin, "enquiries");
    const block = parsed(blockSchema, input);
    const [row] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(bookingBlocks)
        .values({
          startsAt: new Date(block.startsAt),
          endsAt: new Date(block.endsAt),
          reason: block.reason,
          createdBy: admin.email,
        })
        .returning();
      await recordAudit(tx, {
        action: "booking_blocked",
        actor: admin,
        target: {
          id: inserted[0].id,
          label: `${reviewTimeText(block.startsAt)} to ${reviewTimeText(block.endsAt)}`,
        },
      });
      return inserted;
    });
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      reason: row.reason,
      createdBy: row.createdBy,
    };
  }

  async function removeBlock(id: string, admin: StaffActor) {
    authorize(admin, "enquiries");
    if (!UUID_SHAPE.test(id)) throw new NotFound(BOOKING_MESSAGES.notFound);
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(bookingBlocks).where(eq(bookingBlocks.id, id)).returning();
      if (!row) throw new NotFound(BOOKING_MESSAGES.notFound);
      await recordAudit(tx, { action: "booking_unblocked", actor: admin, target: { id, label: row.reason } });
    });
  }

  const feedLink = (staffId: string, token: string) =>
    `${deps.siteUrl}/api/bookings/feed/${staffId}/${token}`;

  /**
   * A new secret address for the colleague's own ICS feed: the old one is refused from now on.
   * Only the SHA-256 of its secret is kept, so the address is shown once, here.
   */
  async function renewFeed(admin: StaffActor): Promise<{ url: string }> {
    authorize(admin, "enquiries");
    const token = randomBytes(32).toString("base64url");
    await db.transaction(async (tx) => {
      const values = { staffId: admin.id, tokenHash: hashToken(token), createdAt: new Date(now()) };
      await tx
        .insert(bookingFeeds)
        .values(values)
        .onConflictDoUpdate({
          target: bookingFeeds.staffId,
          set: { tokenHash: values.tokenHash, createdAt: values.createdAt },
        });
      await recordAudit(tx, {
        action: "booking_feed_renewed",
        actor: admin,
        target: { id: admin.id, label: admin.email },
      });
    });
    return { url: feedLink(admin.id, token) };
  }

  /** Whether the colleague has a feed address, and since when (the address itself is not kept). */
  async function feedState(admin: StaffActor): Promise<{ since: string | null }> {
    authorize(admin, "enquiries");
    const [row] = await db
      .select({ createdAt: bookingFeeds.createdAt })
      .from(bookingFeeds)
      .where(eq(bookingFeeds.staffId, admin.id));
    return { since: row?.createdAt.toISOString() ?? null };
  }

  /**
   * The colleague's ICS feed, by its secret address (their id and the current token; anything
   * else, a renewed token or another's, is NotFound): their reviews not cancelled, from
   * FEED_DAYS_BACK days ago, with the reference, the company and the site's post code.
   */
  async function feed(staffId: string, token: string): Promise<string> {
    const refused = () => new NotFound(BOOKING_MESSAGES.feedInvalid);
    const bare = token.replace(/\.ics$/, "");
    if (!UUID_SHAPE.test(staffId) || !FEED_TOKEN_SHAPE.test(bare)) throw refused();
    const [row] = await db
      .select({ tokenHash: bookingFeeds.tokenHash, role: admins.role, email: admins.email })
      .from(bookingFeeds)
      .innerJoin(admins, eq(admins.id, bookingFeeds.staffId))
      .where(eq(bookingFeeds.staffId, staffId));
    if (!row || !sameHash(row.tokenHash, hashToken(bare)) || !can(row.role, "enquiries")) throw refused();
    const rows = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.staffId, staffId),
          ne(bookings.status, "cancelled"),
          gte(bookings.startsAt, new Date(now() - FEED_DAYS_BACK * 86_400_000)),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(1000);
    const details = await deps.siteDetails();
    return bookingFeed({
      name: `${details.name}: free waste reviews of ${row.email}`,
      company: details.name,
      events: rows.map((b) => ({
        id: b.id,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        sequence: Math.floor((b.updatedAt.getTime() - b.createdAt.getTime()) / 1000),
        summary: `Free waste review ${b.reference}${b.company ? `: ${b.company}` : ""}`,
        description: `${b.reference}. ${BOOKING_STATUS_LABELS[b.status]}. Details on the desk: ${deps.siteUrl}/admin/dashboard/bookings`,
        location: b.postcode ?? "",
      })),
    });
  }

  /** Queues the reminders due (reviews starting within the next 24 hours, not yet reminded). */
  async function remind(): Promise<number> {
    const at = now();
    const due = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          sql`${bookings.remindedAt} is null`,
          gt(bookings.startsAt, new Date(at)),
          lte(bookings.startsAt, new Date(at + REMINDER_BEFORE_MS)),
        ),
      )
      .limit(100);
    let queued = 0;
    const details = due.length ? await deps.siteDetails() : undefined;
    for (const booking of due) {
      const sent = await db.transaction(async (tx) => {
        // Taken by one instance only: the row is claimed by setting reminded_at where it is null.
        const [row] = await tx
          .update(bookings)
          .set({ remindedAt: new Date(at) })
          .where(and(eq(bookings.id, booking.id), sql`${bookings.remindedAt} is null`))
          .returning();
        if (!row) return false;
        // The link is not kept (only its hash): the reminder points to the confirmation's link.
        const info = siteInfo(details as SiteDetails);
        await visitorMail(tx, row, reminderMail(visitorOf(row), info), info);
        return true;
      });
      if (sent) queued++;
    }
    if (queued) wake();
    counts.reminded += queued;
    return queued;
  }

  return {
    settings: () => settings(),
    saveSettings,
    /** The free times; `staff`: as the desk moves a review (from today, no minimum notice). */
    availableDays: (range?: { from?: string; to?: string }, staff = false) => availableDays(range, { staff }),
    book,
    viewByLink,
    rescheduleByLink,
    cancelByLink,
    list,
    get,
    reviewers,
    setReviewers,
    renewFeed,
    feedState,
    feed,
    reassign,
    reschedule,
    cancel,
    markOutcome,
    blocks,
    addBlock,
    removeBlock,
    remind,
    stats: () => ({ ...counts }),
    worker: createWorker({
      name: "booking-reminders",
      everyMs: REMINDER_EVERY_MS,
      async run({ log }) {
        const count = await remind();
        if (count > 0) log?.info({ reminders: count }, "bookings: reminders queued for tomorrow's reviews");
      },
    }),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
