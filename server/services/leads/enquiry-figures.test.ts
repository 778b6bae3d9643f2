import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { enquiries, enquiryEvents } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, testConfig } from "../../test/harness";
import { createServices } from "../index";
import { createEnquiryFigures } from "./enquiry-figures";

// A Wednesday in British Summer Time: the UK week began on Monday 16 June at 00:00 BST.
const NOW = new Date("2025-06-18T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(TEST_DATABASES)("dashboard figures on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("counts waiting enquiries, 12 UK weeks by kind without spam, and the median time to 'Contacted'", async () => {
    const figures = createEnquiryFigures(database.db);
    const empty = await figures.figures(NOW);
    expect(empty.weeks).toHaveLength(12);
    expect(empty.weeks.every((w) => w.contact + w.quote + w.tankering + w.review === 0)).toBe(true);
    expect(empty.medianHoursToContacted).toBeNull();

    const add = (values: Partial<typeof enquiries.$inferInsert>) =>
      database.db
        .insert(enquiries)
        .values({ kind: "contact", fields: {}, ...values } as typeof enquiries.$inferInsert)
        .returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    await add({ createdAt: at(HOUR) }); // this week, new
    await add({ kind: "quote", createdAt: at(HOUR) }); // this week, new
    await add({ kind: "review", createdAt: at(HOUR), status: "closed" }); // a booked review, this week
    // Sunday 15 June 23:30 BST: last week (UTC would say the 15th too, but 00:30 BST Monday would not).
    await add({ kind: "tankering", createdAt: new Date("2025-06-15T22:30:00Z"), status: "closed" });
    await add({ kind: "quote", createdAt: new Date("2025-06-15T23:30:00Z"), status: "closed" }); // Mon 00:30 BST
    await add({ createdAt: at(HOUR), status: "spam" }); // never counted
    await add({ createdAt: at(13 * 7 * DAY), status: "closed" }); // too old for the chart

    // Contacted after 2 h, 4 h and 30 h; one contacted 40 days ago is outside the window.
    for (const hours of [2, 4, 30]) {
      const [row] = await add({ createdAt: at(10 * DAY), status: "contacted" });
      await database.db.insert(enquiryEvents).values({
        enquiryId: row.id,
        type: "status",
        data: { from: "new", to: "contacted" },
        at: new Date(row.createdAt.getTime() + hours * HOUR),
      });
    }
    const [old] = await add({ createdAt: at(41 * DAY), status: "contacted" });
    await database.db.insert(enquiryEvents).values({
      enquiryId: old.id,
      type: "status",
      data: { from: "new", to: "contacted" },
      at: at(40 * DAY),
    });

    const result = await figures.figures(NOW);
    expect(result.waiting).toBe(2);
    expect(result.weeks).toHaveLength(12);
    expect(result.weeks.at(-1)).toEqual({
      week: "2025-06-16",
      contact: 1,
      quote: 2,
      tankering: 0,
      review: 1,
    });
    expect(result.weeks.at(-2)).toEqual({
      week: "2025-06-09",
      contact: 0,
      quote: 0,
      tankering: 1,
      review: 0,
    });
    // Ten days before: Sunday 8 June, the week of 2 June.
    expect(result.weeks.at(-3)).toEqual({
      week: "2025-06-02",
      contact: 3,
      quote: 0,
      tankering: 0,
      review: 0,
    });
    expect(result.weeks[0].week).toBe("2025-03-31");
    // Everything but the spam and the 13-week-old one (the one contacted 40 days ago counts).
    expect(result.weeks.reduce((n, w) => n + w.contact + w.quote + w.tankering + w.review, 0)).toBe(9);
    expect(result.medianHoursToContacted).toBeCloseTo(4, 5);
    expect(result.contactedCount).toBe(3);
  });

  it("reads the waiting count every time and reuses the chart and the median until an enquiry is written", async () => {
    const figures = createEnquiryFigures(database.db);
    const first = await figures.figures();
    await database.db.insert(enquiries).values({ kind: "quote", fields: {} });
    const second = await figures.figures();
    expect(second.waiting).toBe(first.waiting + 1);
    expect(second.weeks).toEqual(first.weeks);
    figures.invalidate();
    const third = await figures.figures();
    expect(third.weeks.at(-1)?.quote).toBe((first.weeks.at(-1)?.quote ?? 0) + 1);
  });

  it("changes with the enquiries written through the service: the dashboard agrees with itself", async () => {
    const services = createServices(database.db, testConfig());
    const before = await services.figures.figures();
    const { id } = await services.enquiries.submit("contact", {
      name: "Figure Test",
      email: "figures@example.com",
      company: "",
      phone: "01733 000000",
      message: "Counted at once",
    });
    const after = await services.figures.figures();
    expect(after.waiting).toBe(before.waiting + 1);
    expect(after.weeks.at(-1)?.contact).toBe((before.weeks.at(-1)?.contact ?? 0) + 1);
    await services.enquiries.setStatus(id, "contacted");
    const contacted = await services.figures.figures();
    expect(contacted.waiting).toBe(before.waiting);
    expect(contacted.contactedCount).toBe(before.contactedCount + 1);
  });
});
