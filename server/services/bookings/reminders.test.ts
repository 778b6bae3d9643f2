import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_BEFORE_MS } from "../../../common/bookings/bookings";
import { bookings, mailOutbox } from "../../db/schema";
import { storedContent } from "../../outbox/mail/outbox";
import { withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { bookingInvitation } from "./ics";

describe("the booking's calendar invitation", () => {
  const invitation = {
    id: "5a0c2b7e-3d41-4f7a-8e62-1c9d0b4a7f33",
    startsAt: new Date("2027-03-29T09:00:00.000Z"),
    endsAt: new Date("2027-03-29T09:30:00.000Z"),
    sequence: 0,
    organiser: { name: "Fenland Organics", email: "info@fenlandorganics.co.uk" },
    attendee: { name: "Jane Grower", email: "jane@example.co.uk" },
    location: "PE1 5XG",
    description: "FO-0B5F0C1E. Fenland Organics, phone 01733 555 014.",
    reference: "FO-0B5F0C1E",
  };

  it("is an iCalendar REQUEST in UTC, with the booking's UID, organiser and attendee", async () => {
    // Long lines are folded (RFC 5545): read it unfolded.
    const ics = (await bookingInvitation({ ...invitation, method: "REQUEST" })).replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${invitation.id}@bookings`);
    // 10:00 in London (BST) is 09:00 UTC.
    expect(ics).toContain("DTSTART:20270329T090000Z");
    expect(ics).toContain("DTEND:20270329T093000Z");
    expect(ics).toMatch(/ORGANIZER;CN="?Fenland Organics"?:mailto:info@fenlandorganics\.co\.uk/);
    expect(ics).toMatch(/ATTENDEE;[^\r]*:mailto:jane@example\.co\.uk/i);
    expect(ics).toContain("STATUS:CONFIRMED");
  });

  it("a cancellation is a CANCEL of the same event, and the mail lane carries it as the message's calendar part", async () => {
    const ics = await bookingInvitation({ ...invitation, method: "CANCEL", sequence: 2 });
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SEQUENCE:2");
    const content = storedContent({
      to: "jane@example.co.uk",
      subject: "Cancelled",
      text: "…",
      ics: { method: "CANCEL", content: ics },
    });
    expect(content.icalEvent).toEqual({ method: "CANCEL", filename: "review.ics", content: ics });
    expect(storedContent({ to: "a@example.co.uk", subject: "s", text: "t" })).toEqual({
      to: "a@example.co.uk",
      subject: "s",
      text: "t",
    });
  });
});

describe.each(TEST_DATABASES)("the booking reminders on %s", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app?.close());

  it("queues one reminder a day before each review, never twice, and none for a cancelled one", async () => {
    const days = await app.services.bookings.availableDays();
    const [first, second] = [days[0].slots[0].start, days[0].slots[1].start];
    const refs: string[] = [];
    for (const [i, start] of [first, second].entries()) {
      const res = await app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: await withFormToken(app, {
          start,
          name: `Visitor ${i}`,
          email: `remind${i}@example.co.uk`,
          phone: "01733 555 444",
          company: "Remind Ltd",
          postcode: "PE1 5XG",
        }),
        headers: { origin: "http://localhost" },
        remoteAddress: `10.49.0.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      refs.push(res.json().reference);
    }
    // Both due within the next day (moved there, as the clock would bring them), reminders not yet sent.
    const soon = Date.now() + REMINDER_BEFORE_MS / 2;
    for (const [i, reference] of refs.entries())
      await app.db
        .update(bookings)
        .set({
          startsAt: new Date(soon + i * 3_600_000),
          endsAt: new Date(soon + i * 3_600_000 + 1_800_000),
          remindedAt: null,
        })
        .where(eq(bookings.reference, reference));
    await app.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.reference, refs[1]));
    expect(await app.services.bookings.remind()).toBe(1);
    expect(await app.services.bookings.remind()).toBe(0);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, refs[0]));
    expect(row.remindedAt).not.toBeNull();
    const reminders = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "booking"), eq(mailOutbox.enquiryId, row.enquiryId as string)));
    const reminder = reminders.find((m) => m.message?.subject.startsWith("Reminder:"));
    expect(reminder?.message?.to).toBe("remind0@example.co.uk");
    expect(reminder?.message?.subject).toContain(refs[0]);
    expect(reminder?.message?.text).toContain("the link in your confirmation e-mail");
  });
});
