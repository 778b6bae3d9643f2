import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SPAM_MESSAGES } from "../../../common/admin-messages";
import {
  type AvailableDay,
  addDays,
  DEFAULT_BOOKING_SETTINGS,
  firstBookableDay,
  lastBookableDay,
} from "../../../common/bookings/availability";
import { BOOKING_MESSAGES } from "../../../common/bookings/bookings";
import { reviewTimeText } from "../../../common/bookings/review-time";
import { SITE_DETAILS_DEFAULTS } from "../../../common/content/site-content/site-details-defaults";
import { londonDay } from "../../../common/en-gb";
import { enquiryReference } from "../../../common/leads/confirmation";
import { HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import { KIND_LABELS } from "../../../common/leads/enquiry-labels";
import { scratchDatabase } from "../../../scripts/scratch-database.mjs";
import { buildApp } from "../../app";
import { openDatabase } from "../../db/client";
import { auditEvents, bookingFeeds, bookings, enquiries, enquiryEvents, mailOutbox } from "../../db/schema";
import { renderNotification } from "../../outbox/mail/templates";
import { withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES, testConfig } from "../../test/harness";
import { signInAs } from "../../test/signed-in";

const WEEKDAY_GRID = [
  "06:00",
  "06:45",
  "07:30",
  "08:15",
  "09:00",
  "09:45",
  "10:30",
  "11:15",
  "12:00",
  "12:45",
  "13:30",
  "14:15",
  "15:00",
  "15:45",
  "16:30",
  "17:15",
];

const VISITOR = {
  name: "Jane Grower",
  email: "jane.grower@example.co.uk",
  phone: "01733 555 111",
  company: "Fen Farm Ltd",
  postcode: "pe1 5xg",
  note: "The yard gate is on Fengate Road.",
};

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const isWeekday = (day: string) => weekdayOf(day) >= 1 && weekdayOf(day) <= 5;
/** The last Sunday of a month (1-12) of a year, YYYY-MM-DD. */
function lastSunday(year: number, month: number) {
  const last = new Date(Date.UTC(year, month, 0));
  return new Date(Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay())).toISOString().slice(0, 10);
}
/** The next clock change in `month` (3 or 10) at least two days away. */
function nextChange(month: number) {
  const today = londonDay(Date.now());
  const year = new Date().getUTCFullYear();
  const change = lastSunday(year, month);
  return change > addDays(today, 2) ? change : lastSunday(year + 1, month);
}

const LINK = /\/book\/manage\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

describe.each(TEST_DATABASES)("bookings (issue 48) on %s", (kind) => {
  let app: FastifyInstance;
  let owner: string;
  let desk: string;
  let editor: string;
  let ip = 0;
  /** A client of its own each time: the per-client limits are the limits' tests, not these. */
  const nextIp = () => `10.48.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    owner = await signInAs(app, "owner");
    desk = await signInAs(app, "desk");
    editor = await signInAs(app, "editor");
  });
  afterAll(() => app?.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  async function days(query = ""): Promise<AvailableDay[]> {
    const res = await app.inject({ method: "GET", url: `/api/bookings/availability${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().days;
  }
  const timesOn = (list: AvailableDay[], day: string) =>
    list.find((d) => d.day === day)?.slots.map((s) => s.time);
  const startOf = (list: AvailableDay[], day: string, time: string) => {
    const slot = list.find((d) => d.day === day)?.slots.find((s) => s.time === time);
    if (!slot) throw new Error(`${day} ${time} is not offered`);
    return slot.start;
  };
  async function book(
    start: string,
    fields: Record<string, unknown> = {},
    options: { token?: boolean } = {},
  ) {
    const body = { start, ...VISITOR, ...fields };
    return app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: options.token === false ? body : await withFormToken(app, body),
      headers: { origin: "http://localhost" },
      remoteAddress: nextIp(),
    });
  }
  const settings = (token: string, payload: object) =>
    app.inject({ method: "PUT", url: "/api/admin/booking-settings", headers: auth(token), payload });
  const defaults = () => settings(owner, DEFAULT_BOOKING_SETTINGS);
  /** The n-th bookable weekday (Mon-Fri: 06:00-18:00 by default). */
  const weekday = (list: AvailableDay[], n = 0) => list.map((d) => d.day).filter(isWeekday)[n];
  async function linkOf(reference: string) {
    const [booking] = await app.db.select().from(bookings).where(eq(bookings.reference, reference));
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "booking"), eq(mailOutbox.enquiryId, booking.enquiryId as string)));
    const confirmation = rows.find((r) => r.message?.text.includes("/book/manage/"));
    const match = LINK.exec(confirmation?.message?.text ?? "");
    if (!match) throw new Error("no link in the confirmation");
    return { id: match[1], token: match[2], booking };
  }
  const publishDetails = async (specialDays: typeof SITE_DETAILS_DEFAULTS.specialDays) => {
    const account = await app.services.accounts.findByEmail("staff-owner@example.co.uk");
    await app.services.siteContent.publish(
      "site-details",
      { id: account!.id, email: account!.email, role: "owner" },
      { data: { ...SITE_DETAILS_DEFAULTS, specialDays } },
    );
  };

  it("offers the published hours' grid (review and buffer) from the next open day to the horizon", async () => {
    const list = await days();
    const now = Date.now();
    expect(list[0].day).toBe(firstBookableDay(SITE_DETAILS_DEFAULTS, DEFAULT_BOOKING_SETTINGS, now));
    expect(list.at(-1)!.day <= lastBookableDay(DEFAULT_BOOKING_SETTINGS, now)).toBe(true);
    expect(list.some((d) => weekdayOf(d.day) === 0)).toBe(false); // Sundays are closed
    expect(timesOn(list, weekday(list))).toEqual(WEEKDAY_GRID);
    const saturday = list.find((d) => weekdayOf(d.day) === 6)!;
    expect(saturday.slots[0].time).toBe("08:00");
    expect(saturday.slots.at(-1)!.time).toBe("16:15");
    // Bad input is a 400 with the message, never a 5xx.
    for (const query of ["from=soon", "from=2027-13-45", "to=2027-02-31"]) {
      const bad = await app.inject({ method: "GET", url: `/api/bookings/availability?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message).toBe(BOOKING_MESSAGES.day);
    }
    // A range the wrong way round, or far away, is simply empty.
    expect(await days("?from=2027-05-01&to=2027-04-01")).toEqual([]);
    expect(await days("?from=2099-01-01&to=2099-12-31")).toEqual([]);
  });

  it("follows the published special days: a closed one is left out, special hours are used", async () => {
    const list = await days();
    const closed = weekday(list, 1);
    const short = weekday(list, 2);
    await publishDetails([
      { from: closed, to: "", hours: { closed: true }, note: "Stocktake" },
      { from: short, to: "", hours: { closed: false, opens: "10:00", closes: "12:00" }, note: "" },
    ]);
    try {
      const after = await days();
      expect(timesOn(after, closed)).toBeUndefined();
      expect(timesOn(after, short)).toEqual(["10:00", "10:45", "11:30"]);
    } finally {
      await publishDetails([]);
    }
  });

  it("the Owner sets the length, buffer, notice and horizon; Desk and Editor may not", async () => {
    const change = { lengthMinutes: 60, bufferMinutes: 0, noticeDays: 2, horizonWeeks: 1 };
    for (const token of [desk, editor]) expect((await settings(token, change)).statusCode).toBe(403);
    const bad = await settings(owner, { ...change, lengthMinutes: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BOOKING_MESSAGES.setting("Review length (minutes)", 15, 240));
    const res = await settings(owner, change);
    expect(res.statusCode, res.body).toBe(200);
    try {
      const list = await days();
      const now = Date.now();
      expect(list[0].day).toBe(firstBookableDay(SITE_DETAILS_DEFAULTS, { noticeDays: 2 }, now));
      expect(list.at(-1)!.day <= addDays(londonDay(now), 7)).toBe(true);
      const times = timesOn(list, weekday(list));
      expect(times?.slice(0, 3)).toEqual(["06:00", "07:00", "08:00"]);
      expect(times?.at(-1)).toBe("17:00");
      const [entry] = await app.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "booking_settings_changed"));
      expect(entry.actorEmail).toBe("staff-owner@example.co.uk");
    } finally {
      expect((await defaults()).statusCode).toBe(200);
    }
  });

  it("keeps London's wall clock across the clock changes (the last Sundays of March and October)", async () => {
    await settings(owner, { ...DEFAULT_BOOKING_SETTINGS, horizonWeeks: 52 });
    try {
      const spring = nextChange(3);
      const around = await days(`?from=${addDays(spring, -2)}&to=${addDays(spring, 1)}`);
      // Friday in GMT, Monday in BST: the same 06:00, an hour apart in UTC.
      expect(around.find((d) => d.day === addDays(spring, -2))?.slots[0].start).toBe(
        `${addDays(spring, -2)}T06:00:00.000Z`,
      );
      expect(around.find((d) => d.day === addDays(spring, 1))?.slots[0].start).toBe(
        `${addDays(spring, 1)}T05:00:00.000Z`,
      );
      for (const d of around) if (isWeekday(d.day)) expect(d.slots.map((s) => s.time)).toEqual(WEEKDAY_GRID);
      const autumn = nextChange(10);
      const back = await days(`?from=${addDays(autumn, -2)}&to=${addDays(autumn, 1)}`);
      expect(back.find((d) => d.day === addDays(autumn, -2))?.slots[0].start).toBe(
        `${addDays(autumn, -2)}T05:00:00.000Z`,
      );
      expect(back.find((d) => d.day === addDays(autumn, 1))?.slots[0].start).toBe(
        `${addDays(autumn, 1)}T06:00:00.000Z`,
      );
      for (const d of back) if (isWeekday(d.day)) expect(d.slots.map((s) => s.time)).toEqual(WEEKDAY_GRID);
      const starts = [...around, ...back].flatMap((d) => d.slots.map((s) => s.start));
      expect(new Set(starts).size).toBe(starts.length);
    } finally {
      await defaults();
    }
  });

  it("books a time: the enquiry on the desk, the confirmation with its .ics, the time and its buffer taken", async () => {
    const list = await days();
    const day = weekday(list, 3);
    const res = await book(startOf(list, day, "09:45"));
    expect(res.statusCode, res.body).toBe(201);
    const { reference, startsAt } = res.json();
    expect(reference).toMatch(/^FO-[0-9A-F]{8}$/);
    expect(startsAt).toBe(startOf(list, day, "09:45"));
    const after = timesOn(await days(), day);
    expect(after).not.toContain("09:45");
    expect(after).toContain("09:00");
    expect(after).toContain("10:30");
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, reference));
    expect(row).toMatchObject({ status: "booked", name: VISITOR.name, postcode: "PE1 5XG", staffId: null });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The enquiry on the desk, with the office's notification.
    const [enquiry] = await app.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, row.enquiryId as string));
    // Its own kind, "Free waste review" on the desk, with the booking's fields as the intake parsed them.
    expect(enquiry).toMatchObject({
      kind: "review",
      status: "new",
      email: VISITOR.email,
    });
    expect(enquiry.fields).toEqual({
      start: startsAt,
      name: VISITOR.name,
      email: VISITOR.email,
      phone: VISITOR.phone,
      company: VISITOR.company,
      location: "PE1 5XG",
      message: VISITOR.note,
    });
    const mail = await app.db.select().from(mailOutbox).where(eq(mailOutbox.enquiryId, enquiry.id));
    expect(mail.map((m) => m.kind).sort()).toEqual(["booking", "notification"]);
    const confirmation = mail.find((m) => m.kind === "booking")!.message!;
    expect(confirmation.to).toBe(VISITOR.email);
    expect(confirmation.text).toContain(reference);
    expect(confirmation.text).toMatch(LINK);
    expect(confirmation.ics?.method).toBe("REQUEST");
    expect(confirmation.ics?.content).toContain("BEGIN:VCALENDAR");
    expect(confirmation.ics?.content).toContain("METHOD:REQUEST");
    expect(confirmation.ics?.content).toContain(
      `DTSTART:${startsAt.replace(/[-:]/g, "").replace(".000", "")}`,
    );
  });

  it("is an enquiry of its own kind on the desk: the inbox's filter, its label, the office's mail and the CSV", async () => {
    const list = await days();
    const day = weekday(list, 3);
    const res = await book(startOf(list, day, "15:45"), {
      name: "Kind Visitor",
      postcode: "cb1 2ab",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference, startsAt } = res.json();
    const inbox = async (query: string) => {
      const answer = await app.inject({
        method: "GET",
        url: `/api/admin/enquiries${query}`,
        headers: auth(desk),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().data as Array<{ _id: string; kind: string }>).map((e) => [
        enquiryReference(e._id),
        e.kind,
      ]);
    };
    expect(await inbox("?kind=review")).toContainEqual([reference, "review"]);
    expect((await inbox("?kind=review")).every(([, kind]) => kind === "review")).toBe(true);
    expect(await inbox("?kind=contact")).not.toContainEqual([reference, expect.anything()]);
    // The inbox's search finds it by the site's post code, as it finds a quote's.
    expect(await inbox("?q=CB12AB")).toEqual([[reference, "review"]]);
    expect(KIND_LABELS.review).toBe("Free waste review");
    // The office's notification names the kind and the time; every field as a row.
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, reference));
    const [enquiry] = await app.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, row.enquiryId as string));
    const note = renderNotification(enquiry);
    expect(note.subject).toBe(
      `Free waste review booked: Kind Visitor (${VISITOR.company}), CB1 2AB, ${reviewTimeText(startsAt)}`,
    );
    expect(note.text).toContain(`Review: ${reviewTimeText(startsAt)}`);
    expect(note.text).toContain("Site post code: CB1 2AB");
    const csv = await app.inject({
      method: "GET",
      url: "/api/admin/enquiries/export.csv?kind=review",
      headers: auth(desk),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Free waste review");
    expect(csv.body).toContain("Kind Visitor");
  });

  it("refuses bad details with the form's message and stores nothing", async () => {
    const list = await days();
    const start = startOf(list, weekday(list, 4), "12:00");
    const before = (await app.db.select().from(bookings)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, BOOKING_MESSAGES.name],
      [{ email: "jane" }, BOOKING_MESSAGES.invalidEmail],
      [{ postcode: "nowhere" }, BOOKING_MESSAGES.invalidPostCode],
      [{ start: "tomorrow" }, BOOKING_MESSAGES.start],
      [{ note: "x".repeat(2001) }, BOOKING_MESSAGES.tooLong("Note", 2000)],
    ];
    for (const [fields, message] of cases) {
      const res = await book(start, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A time not offered (a Sunday, the past): plainly refused, with the nearest free times.
    const sunday = await book(`${addDays(list[0].day, 7 - weekdayOf(list[0].day))}T10:00:00.000Z`);
    expect(sunday.statusCode).toBe(409);
    expect(sunday.json().message).toBe(BOOKING_MESSAGES.taken);
    expect((await app.db.select().from(bookings)).length).toBe(before);
  });

  it("without a form token, or with the honeypot filled, is answered 201 but kept as spam and takes no time", async () => {
    const list = await days();
    const day = weekday(list, 4);
    const noToken = await book(startOf(list, day, "13:30"), {}, { token: false });
    expect(noToken.statusCode).toBe(201);
    const trapped = await book(startOf(list, day, "14:15"), { [HONEYPOT_FIELD]: "x" });
    expect(trapped.statusCode).toBe(201);
    expect(timesOn(await days(), day)).toEqual(expect.arrayContaining(["13:30", "14:15"]));
    // Both kept as spam review enquiries (the time asked for with them), neither took the time.
    const spam = await app.db
      .select()
      .from(enquiries)
      .where(and(eq(enquiries.status, "spam"), eq(enquiries.kind, "review")));
    const asked = spam.map((row) => row.fields.start).sort();
    expect(asked).toEqual(expect.arrayContaining([startOf(list, day, "13:30"), startOf(list, day, "14:15")]));
    const reasons = spam.find((row) => row.fields.start === startOf(list, day, "14:15"))?.spamReasons;
    expect(reasons).toEqual([SPAM_MESSAGES.honeypot]);
    const [noBooking] = await app.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, noToken.json().reference));
    expect(noBooking).toBeUndefined();
  });

  it("the second try for a taken time is told plainly and offered the nearest free times", async () => {
    const list = await days();
    const day = weekday(list, 5);
    const start = startOf(list, day, "15:00");
    expect((await book(start)).statusCode).toBe(201);
    const second = await book(start, { name: "Second Visitor", email: "second@example.co.uk" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BOOKING_MESSAGES.taken);
    expect(second.json().nearest.map((s: { time: string }) => s.time)).toEqual(["14:15", "15:45", "13:30"]);
    // /metrics counts both.
    const metrics = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(Number(/^bookings_total (\d+)/m.exec(metrics.body)?.[1])).toBeGreaterThan(0);
    expect(Number(/^booking_slot_conflicts_total (\d+)/m.exec(metrics.body)?.[1])).toBeGreaterThan(0);
    expect(metrics.body).toMatch(/^booking_reminders_total \d+/m);
  });

  it("50 simultaneous tries for one time make exactly one booking (two instances on PostgreSQL)", async () => {
    const list = await days();
    const start = startOf(list, weekday(list, 6), "10:30");
    // On PostgreSQL, two instances (two apps, two pools) against one database; PGlite is one process.
    let other: FastifyInstance | undefined;
    let scratch: { url: string; drop(): Promise<void> } | undefined;
    let apps = [app];
    if (kind === "postgres") {
      scratch = await scratchDatabase(process.env.DATABASE_URL as string, "t", {
        template: inject("migratedPostgres"),
      });
      const first = await buildApp({
        config: testConfig(),
        database: await openDatabase({ databaseUrl: scratch.url }),
        logger: false,
      });
      other = await buildApp({
        config: testConfig(),
        database: await openDatabase({ databaseUrl: scratch.url }),
        logger: false,
      });
      apps = [first, other];
    }
    try {
      const tries = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const target = apps[i % apps.length];
          return target.inject({
            method: "POST",
            url: "/api/bookings",
            payload: await withFormToken(target, { start, ...VISITOR, email: `try${i}@example.co.uk` }),
            headers: { origin: "http://localhost" },
            remoteAddress: nextIp(),
          });
        }),
      );
      const statuses = tries.map((t) => t.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const rows = await apps[0].db
        .select()
        .from(bookings)
        .where(and(eq(bookings.startsAt, new Date(start)), ne(bookings.status, "cancelled")));
      expect(rows).toHaveLength(1);
    } finally {
      if (apps.length > 1) await Promise.all(apps.map((a) => a.close()));
      await scratch?.drop();
    }
  });

  it("the database refuses a second booking of one start however it is written", async () => {
    const start = new Date(Date.now() + 30 * 86_400_000);
    const row = { startsAt: start, endsAt: new Date(start.getTime() + 1_800_000), reference: "FO-TEST0001" };
    await app.db.insert(bookings).values(row);
    await expect(app.db.insert(bookings).values(row)).rejects.toThrow();
    // A cancelled one leaves the start free.
    await app.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.reference, "FO-TEST0001"));
    await app.db.insert(bookings).values(row);
    await app.db.delete(bookings).where(eq(bookings.reference, "FO-TEST0001"));
  });

  it("the link works for its own booking only, moves it, cancels it, and is refused once used or ended", async () => {
    const list = await days();
    const day = weekday(list, 7);
    const a = (await book(startOf(list, day, "06:00"))).json().reference;
    const b = (await book(startOf(list, day, "06:45"), { email: "other@example.co.uk" })).json().reference;
    const linkA = await linkOf(a);
    const linkB = await linkOf(b);
    const view = (id: string, token: string) =>
      app.inject({
        method: "POST",
        url: `/api/bookings/${id}/view`,
        payload: { token },
        remoteAddress: nextIp(),
      });
    const ok = await view(linkA.id, linkA.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({ reference: a, status: "booked" });
    expect(ok.json().booking.name).toBeUndefined(); // no personal details by a link
    // Another booking's token on this booking: refused, and nothing about it said.
    const crossed = await view(linkA.id, linkB.token);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(BOOKING_MESSAGES.linkInvalid);
    expect((await view(linkA.id, "not-a-token")).statusCode).toBe(404);
    // Moved by the link: the old time is free, the new one taken; the office and the visitor mailed.
    const to = startOf(list, day, "08:15");
    const moved = await app.inject({
      method: "POST",
      url: `/api/bookings/${linkA.id}/reschedule`,
      payload: { token: linkA.token, start: to },
      remoteAddress: nextIp(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.startsAt).toBe(to);
    const times = timesOn(await days(), day);
    expect(times).toContain("06:00");
    expect(times).not.toContain("08:15");
    const crossedMove = await app.inject({
      method: "POST",
      url: `/api/bookings/${linkA.id}/reschedule`,
      payload: { token: linkB.token, start: startOf(list, day, "12:45") },
      remoteAddress: nextIp(),
    });
    expect(crossedMove.statusCode).toBe(404);
    // Cancelled by the link: the link ends with it.
    const cancel = () =>
      app.inject({
        method: "POST",
        url: `/api/bookings/${linkA.id}/cancel`,
        payload: { token: linkA.token },
        remoteAddress: nextIp(),
      });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking.status).toBe("cancelled");
    expect((await cancel()).statusCode).toBe(404);
    expect((await view(linkA.id, linkA.token)).statusCode).toBe(404);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.enquiryId, linkA.booking.enquiryId as string));
    const subjects = mails.flatMap((m) => (m.message ? [m.message.subject] : []));
    expect(subjects.some((s) => s.includes("has moved to"))).toBe(true);
    expect(subjects.some((s) => s.includes("is cancelled"))).toBe(true);
    expect(mails.find((m) => m.message?.ics?.method === "CANCEL")).toBeDefined();
    // A review whose time has passed: its link has ended.
    await app.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 5_400_000) })
      .where(eq(bookings.id, linkB.id));
    expect((await view(linkB.id, linkB.token)).statusCode).toBe(404);
  });

  it("the desk lists, reassigns, moves, cancels with a reason and marks held or no-show; Editor may not", async () => {
    const list = await days();
    const day = weekday(list, 8);
    const reference = (await book(startOf(list, day, "11:15"))).json().reference;
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, reference));
    const admin = (token: string, method: "GET" | "POST", url: string, payload?: object) =>
      app.inject({ method, url: `/api/admin${url}`, headers: auth(token), payload });
    expect((await admin(editor, "GET", `/bookings?from=${day}&to=${day}`)).statusCode).toBe(403);
    expect((await admin(editor, "POST", `/bookings/${row.id}/cancel`, { reason: "x" })).statusCode).toBe(403);
    const listed = await admin(desk, "GET", `/bookings?from=${day}&to=${day}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().bookings.map((b: { reference: string }) => b.reference)).toContain(reference);
    const deskAccount = await app.services.accounts.findByEmail("staff-desk@example.co.uk");
    const given = await admin(desk, "POST", `/bookings/${row.id}/reassign`, { staffId: deskAccount!.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().booking.staffEmail).toBe("staff-desk@example.co.uk");
    const editorAccount = await app.services.accounts.findByEmail("staff-editor@example.co.uk");
    expect(
      (await admin(desk, "POST", `/bookings/${row.id}/reassign`, { staffId: editorAccount!.id })).statusCode,
    ).toBe(400);
    const mine = await admin(desk, "GET", `/bookings?from=${day}&to=${day}&staffId=${deskAccount!.id}`);
    expect(mine.json().bookings.map((b: { id: string }) => b.id)).toEqual([row.id]);
    const office = await admin(desk, "GET", `/bookings?from=${day}&to=${day}&staffId=office`);
    expect(office.json().bookings.map((b: { id: string }) => b.id)).not.toContain(row.id);
    // Moved by the desk; a review still to come cannot be marked held.
    const moved = await admin(owner, "POST", `/bookings/${row.id}/reschedule`, {
      start: startOf(list, day, "16:30"),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await admin(desk, "POST", `/bookings/${row.id}/outcome`, { status: "held" })).statusCode).toBe(
      409,
    );
    await app.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 1_800_000) })
      .where(eq(bookings.id, row.id));
    const held = await admin(desk, "POST", `/bookings/${row.id}/outcome`, { status: "held" });
    expect(held.statusCode).toBe(200);
    expect(held.json().booking.status).toBe("held");
    expect((await admin(desk, "POST", `/bookings/${row.id}/outcome`, { status: "maybe" })).statusCode).toBe(
      400,
    );
    // Another, cancelled with a reason (none: 400, nothing changed).
    const other = (await book(startOf(list, day, "15:45"))).json().reference;
    const [second] = await app.db.select().from(bookings).where(eq(bookings.reference, other));
    expect((await admin(desk, "POST", `/bookings/${second.id}/cancel`, { reason: " " })).statusCode).toBe(
      400,
    );
    const cancelled = await admin(desk, "POST", `/bookings/${second.id}/cancel`, {
      reason: "The customer called",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({
      status: "cancelled",
      cancelReason: "The customer called",
    });
    expect(timesOn(await days(), day)).toContain("15:45");
    // The activity record and the enquiry's timeline.
    const actions = (await app.db.select().from(auditEvents)).map((e) => e.action);
    for (const action of [
      "booking_reassigned",
      "booking_rescheduled",
      "booking_outcome",
      "booking_cancelled",
    ] as const)
      expect(actions).toContain(action);
    const notes = await app.db
      .select()
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, row.enquiryId as string));
    expect(notes.map((n) => n.data.text)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("given to staff-desk@example.co.uk"),
        expect.stringContaining("marked held"),
      ]),
    );
    expect((await admin(desk, "GET", "/bookings/not-an-id")).statusCode).toBe(404);
  });

  it("per colleague: the Owner marks who takes reviews, each start once per colleague, a booking given to a free one; the desk reassigns only to a free one", async () => {
    const call = (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      app.inject({ method, url: `/api/admin${url}`, headers: auth(token), payload });
    const ownerId = (await app.services.accounts.findByEmail("staff-owner@example.co.uk"))!.id;
    const deskId = (await app.services.accounts.findByEmail("staff-desk@example.co.uk"))!.id;
    const editorId = (await app.services.accounts.findByEmail("staff-editor@example.co.uk"))!.id;
    // Only the Owner marks them; Desk and Editor are refused, nothing changed.
    for (const token of [desk, editor]) {
      const refused = await call(token, "PUT", "/booking-reviewers", { staffIds: [deskId] });
      expect(refused.statusCode).toBe(403);
    }
    expect((await call(editor, "GET", "/booking-reviewers")).statusCode).toBe(403);
    const bad = await call(owner, "PUT", "/booking-reviewers", { staffIds: [editorId] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BOOKING_MESSAGES.staffMember);
    expect((await call(owner, "PUT", "/booking-reviewers", { staffIds: ["nope"] })).statusCode).toBe(400);
    const marked = await call(owner, "PUT", "/booking-reviewers", { staffIds: [deskId, ownerId] });
    expect(marked.statusCode, marked.body).toBe(200);
    const listed = (await call(desk, "GET", "/booking-reviewers")).json().reviewers as Array<{
      id: string;
      takesReviews: boolean;
    }>;
    expect(
      listed
        .filter((r) => r.takesReviews)
        .map((r) => r.id)
        .sort(),
    ).toEqual([deskId, ownerId].sort());
    try {
      // Two colleagues: one start is booked twice, each given to a different one; a third is refused.
      const list = await days();
      const day = weekday(list, 9);
      const start = startOf(list, day, "07:30");
      const first = await book(start);
      expect(first.statusCode, first.body).toBe(201);
      expect(timesOn(await days(), day)).toContain("07:30");
      const second = await book(start, { name: "Second Visitor" });
      expect(second.statusCode, second.body).toBe(201);
      expect(timesOn(await days(), day)).not.toContain("07:30");
      const third = await book(start, { name: "Third Visitor" });
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe(BOOKING_MESSAGES.taken);
      const rows = await app.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.startsAt, new Date(start)), ne(bookings.status, "cancelled")));
      expect(rows.map((r) => r.staffId).sort()).toEqual([deskId, ownerId].sort());
      // The bookings list filters by colleague.
      const mine = await call(desk, "GET", `/bookings?from=${day}&to=${day}&staffId=${deskId}`);
      expect(mine.json().bookings.map((b: { staffId: string }) => b.staffId)).toEqual([deskId]);
      // The desk cannot give one to the colleague who has the other at that time.
      const deskOne = rows.find((r) => r.staffId === deskId)!;
      const clash = await call(desk, "POST", `/bookings/${deskOne.id}/reassign`, { staffId: ownerId });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(BOOKING_MESSAGES.staffBusy);
      expect((await app.db.select().from(bookings).where(eq(bookings.id, deskOne.id)))[0].staffId).toBe(
        deskId,
      );
      // Nor by writing it: the index refuses a second review of a start for one colleague.
      await expect(
        app.db.update(bookings).set({ staffId: ownerId }).where(eq(bookings.id, deskOne.id)),
      ).rejects.toThrow();
      // A free colleague's later time: the reassignment goes through.
      const later = await book(startOf(list, day, "12:45"));
      const [laterRow] = await app.db
        .select()
        .from(bookings)
        .where(eq(bookings.reference, later.json().reference));
      const other = laterRow.staffId === deskId ? ownerId : deskId;
      const moved = await call(desk, "POST", `/bookings/${laterRow.id}/reassign`, { staffId: other });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().booking.staffId).toBe(other);
    } finally {
      expect((await call(owner, "PUT", "/booking-reviewers", { staffIds: [] })).statusCode).toBe(200);
    }
  });

  it("each colleague's ICS feed: a secret address, renewable (the old one refused), their bookings only; another's token and the Editor refused", async () => {
    const call = (token: string, method: "GET" | "POST", url: string) =>
      app.inject({ method, url: `/api/admin${url}`, headers: auth(token) });
    const deskId = (await app.services.accounts.findByEmail("staff-desk@example.co.uk"))!.id;
    expect((await call(editor, "POST", "/booking-feed")).statusCode).toBe(403);
    expect((await call(editor, "GET", "/booking-feed")).statusCode).toBe(403);
    expect((await call(desk, "GET", "/booking-feed")).json().feed).toEqual({ since: null });
    const made = await call(desk, "POST", "/booking-feed");
    expect(made.statusCode, made.body).toBe(201);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(new RegExp(`^/api/bookings/feed/${deskId}/[A-Za-z0-9_-]{43}$`));
    expect((await call(desk, "GET", "/booking-feed")).json().feed.since).toEqual(expect.any(String));
    // Only the secret's hash is kept.
    const [stored] = await app.db.select().from(bookingFeeds).where(eq(bookingFeeds.staffId, deskId));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(url.pathname.split("/").at(-1)!);
    // A review given to the desk is in the feed; one of the office's is not.
    const list = await days();
    const day = weekday(list, 10);
    const theirs = (await book(startOf(list, day, "08:15"))).json().reference;
    const office = (await book(startOf(list, day, "13:30"))).json().reference;
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, theirs));
    await app.inject({
      method: "POST",
      url: `/api/admin/bookings/${row.id}/reassign`,
      headers: auth(desk),
      payload: { staffId: deskId },
    });
    const feed = await app.inject({ method: "GET", url: url.pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.body).toContain("BEGIN:VCALENDAR");
    expect(feed.body).toContain(`UID:${row.id}@bookings`);
    expect(feed.body).toContain(theirs);
    expect(feed.body).not.toContain(office);
    expect(feed.body).not.toContain(VISITOR.email);
    expect((await app.inject({ method: "GET", url: `${url.pathname}.ics` })).statusCode).toBe(200);
    // Another colleague's id with this token, a made-up token: refused.
    const ownerId = (await app.services.accounts.findByEmail("staff-owner@example.co.uk"))!.id;
    const token = url.pathname.split("/").at(-1)!;
    const other = await app.inject({ method: "GET", url: `/api/bookings/feed/${ownerId}/${token}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(BOOKING_MESSAGES.feedInvalid);
    const ownersMade = new URL((await call(owner, "POST", "/booking-feed")).json().url);
    const ownersToken = ownersMade.pathname.split("/").at(-1)!;
    expect(
      (await app.inject({ method: "GET", url: `/api/bookings/feed/${deskId}/${ownersToken}` })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: `/api/bookings/feed/${deskId}/${"A".repeat(43)}` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/bookings/feed/nope/x" })).statusCode).toBe(404);
    // Renewed: the old address is refused, the new one works; the activity record has it.
    const renewed = new URL((await call(desk, "POST", "/booking-feed")).json().url);
    expect(renewed.pathname).not.toBe(url.pathname);
    expect((await app.inject({ method: "GET", url: url.pathname })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: renewed.pathname })).statusCode).toBe(200);
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "booking_feed_renewed"));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it("a blocked time is not offered; Editor may not block", async () => {
    const list = await days();
    const day = weekday(list, 9);
    const startsAt = startOf(list, day, "12:00");
    const endsAt = new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString();
    const block = (token: string, payload: object) =>
      app.inject({ method: "POST", url: "/api/admin/booking-blocks", headers: auth(token), payload });
    expect((await block(editor, { startsAt, endsAt, reason: "Training" })).statusCode).toBe(403);
    expect((await block(desk, { startsAt: endsAt, endsAt: startsAt, reason: "Training" })).statusCode).toBe(
      400,
    );
    const res = await block(desk, { startsAt, endsAt, reason: "Training" });
    expect(res.statusCode, res.body).toBe(201);
    const times = timesOn(await days(), day);
    expect(times).toContain("11:15");
    expect(times).not.toContain("12:00");
    expect(times).not.toContain("13:30");
    expect(times).toContain("14:15");
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/admin/booking-blocks/${res.json().block.id}`,
      headers: auth(desk),
    });
    expect(removed.statusCode).toBe(200);
    expect(timesOn(await days(), day)).toContain("12:00");
  });

  it("erasing the visitor erases their bookings' details", async () => {
    const list = await days();
    const reference = (
      await book(startOf(list, weekday(list, 10), "07:30"), { email: "erase.me@example.co.uk" })
    ).json().reference;
    const account = await app.services.accounts.findByEmail("staff-owner@example.co.uk");
    await app.services.privacy.erase("erase.me@example.co.uk", { id: account!.id, email: account!.email });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, reference));
    expect(row).toMatchObject({
      name: null,
      email: null,
      phone: null,
      company: null,
      postcode: null,
      note: null,
      tokenHash: null,
    });
    expect(row.status).toBe("booked");
  });
});
