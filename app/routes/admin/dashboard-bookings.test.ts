import { addDays, londonInstant } from "@common/bookings/availability";
import { weekAround } from "@common/bookings/week";
import { londonDay } from "@common/en-gb";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { withFormToken } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader } from "./orders";

/** The dashboard's week of free waste reviews (issue 48): its loader, on both databases. */
describe.each(TEST_DATABASES)("the dashboard's week of reviews on %s", (kind) => {
  const api = signedInApp(kind);
  const week = weekAround(londonDay(Date.now()));
  /** London's wall clock on a day as an instant (these hours are never skipped by a clock change). */
  const at = (day: string, hour: number) => new Date(londonInstant(day, hour * 60) as number);
  const load = (token: string) =>
    loader({
      request: new Request("http://localhost/admin/dashboard", {
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${token}` },
      }),
      context: loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" }),
      params: {},
    } as never).catch((thrown: unknown) => thrown);
  /** A review booked through the API, then put at `startsAt` (a day of this week, or another's). */
  const book = async (
    company: string,
    startsAt: Date,
    changes: Partial<typeof bookings.$inferInsert> = {},
  ) => {
    const [day] = await api.app.services.bookings.availableDays();
    const res = await api.app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: await withFormToken(api.app, {
        start: day.slots[0].start,
        name: "Wendy Week",
        email: "wendy.week@example.co.uk",
        phone: "01733 555 444",
        company,
        postcode: "PE1 1AA",
      }),
      headers: { origin: "http://localhost" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await api.app.db
      .update(bookings)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), ...changes })
      .where(eq(bookings.reference, res.json().reference))
      .returning();
    return row;
  };
  let desk: string;
  let deskId: string;

  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    deskId = (await api.app.services.accounts.findByEmail("staff-desk@example.co.uk"))!.id;
  });

  it("says when no review is booked this week", async () => {
    const screen = (await load(desk)) as Awaited<ReturnType<typeof loader>>;
    expect(screen.weekReviews).toEqual([]);
  });

  it("lists this week's booked reviews, Monday to Sunday, with the time, company, reference and colleague", async () => {
    const sunday = await book("Sunday Bakery", at(week.to, 15));
    const monday = await book("Monday Mill", at(week.from, 9), { staffId: deskId });
    // Not this week's, or not booked: the Sunday before, the Monday after, cancelled, held.
    await book("Last Week Ltd", at(addDays(week.from, -1), 15));
    await book("Next Week Ltd", at(addDays(week.to, 1), 9));
    await book("Cancelled Co", at(week.from, 11), { status: "cancelled", cancelReason: "Called" });
    await book("Held Co", at(week.from, 12), { status: "held" });

    const screen = (await load(desk)) as Awaited<ReturnType<typeof loader>>;
    expect(screen.weekReviews).toEqual([
      {
        id: monday.id,
        startsAt: monday.startsAt.toISOString(),
        company: "Monday Mill",
        reference: monday.reference,
        enquiryId: monday.enquiryId,
        staffEmail: "staff-desk@example.co.uk",
      },
      {
        id: sunday.id,
        startsAt: sunday.startsAt.toISOString(),
        company: "Sunday Bakery",
        reference: sunday.reference,
        enquiryId: sunday.enquiryId,
        staffEmail: null,
      },
    ]);
    expect(monday.enquiryId).toMatch(/^[0-9a-f-]{36}$/);
    // The Owner sees the same week; the Editor has no dashboard (sent to its first section), so no week.
    const owner = (await load(api.token)) as Awaited<ReturnType<typeof loader>>;
    expect(owner.weekReviews.map((r) => r.reference)).toEqual([monday.reference, sunday.reference]);
    const editor = await load(await signInAs(api.app, "editor"));
    expect(editor).toBeInstanceOf(Response);
    expect((editor as Response).status).toBe(302);
    expect((editor as Response).headers.get("location")).not.toBe("/admin/dashboard");
  });
});
