import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_MESSAGES } from "../../../common/leads/privacy";
import { admins, enquiries, enquiryEvents, mailOutbox } from "../../db/schema";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

const TOKEN = "metrics-token-0123456789";
const MONTH = 31 * 24 * 3_600_000;

describe.each(TEST_DATABASES)("privacy tools on %s", (kind) => {
  let app: FastifyInstance;
  let me: { id: string; email: string };
  beforeAll(async () => {
    app = await buildTestApp(kind, { AUTO_REPLY: "1", METRICS_TOKEN: TOKEN });
    [me] = await app.db
      .insert(admins)
      .values({ email: "office@example.co.uk", passwordHash: "x", role: "owner" })
      .returning({ id: admins.id, email: admins.email });
  });
  afterAll(() => app.close());

  /** Everything stored about the enquiry, as one string to look for personal data in. */
  const stored = async (id: string) =>
    JSON.stringify([
      await app.db.select().from(enquiries).where(eq(enquiries.id, id)),
      await app.db.select().from(mailOutbox).where(eq(mailOutbox.enquiryId, id)),
      await app.db.select().from(enquiryEvents).where(eq(enquiryEvents.enquiryId, id)),
    ]);

  it("finds, exports and erases every enquiry of an address, leaving a tombstone", async () => {
    const { enquiries: inbox, privacy } = app.services;
    const contact = await inbox.submit("contact", VALID_CONTACT);
    const quote = await inbox.submit("quote", {
      ...VALID_QUOTE,
      contact: { ...VALID_QUOTE.contact, email: " Jane@Example.co.uk " },
    });
    const other = await inbox.submit("tankering", VALID_TANKERING);
    await inbox.addNote(contact.id, "Jane prefers mornings on 01733 000 111", me);
    await inbox.reply(contact.id, "Dear Jane, we can collect weekly.", me);

    const found = await privacy.find("  JANE@example.co.uk");
    expect(found.map((e) => e._id).sort()).toEqual([contact.id, quote.id].sort());
    expect(await privacy.find("jane@example.co")).toEqual([]);
    expect(await privacy.find("")).toEqual([]);

    const json = await privacy.exportJson("jane@example.co.uk");
    expect(json).toHaveLength(2);
    const exported = json.find((e) => e._id === contact.id);
    expect(exported?.fields.email).toBe("jane@example.co.uk");
    expect(exported?.timeline.map((t) => t.type).sort()).toEqual(["note", "reply"]);
    const csv = await privacy.exportCsv("jane@example.co.uk");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv).toContain("Jane Fenland");
    expect(csv).toContain("Quinn Quote");

    expect(await privacy.erase("jane@example.co.uk", me)).toBe(2);
    for (const id of [contact.id, quote.id]) {
      const text = await stored(id);
      for (const personal of ["Jane", "jane@", "Quinn", "01733", "weekly collections", "mornings", "Dear"])
        expect(text).not.toContain(personal);
      const detail = await inbox.get(id);
      expect(detail.fields).toEqual({});
      expect(detail.timeline[0]).toMatchObject({ type: "erased", by: me.email, byId: me.id });
    }
    const timeline = (await inbox.get(contact.id)).timeline;
    expect(timeline.filter((t) => t.type === "note" || t.type === "reply").map((t) => t.data.text)).toEqual([
      PRIVACY_MESSAGES.tombstone,
      PRIVACY_MESSAGES.tombstone,
    ]);
    // Another visitor's enquiry is untouched; erasing again finds nothing and changes nothing.
    expect((await inbox.get(other.id)).fields).toEqual(VALID_TANKERING);
    expect(await privacy.find("jane@example.co.uk")).toEqual([]);
    expect(await privacy.erase("jane@example.co.uk", me)).toBe(0);
    const erasedEvents = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.type, "erased"));
    expect(Number(erasedEvents[0].n)).toBe(2);
  });

  it("erases closed and spam enquiries past the retention period, once, and counts them in /metrics", async () => {
    const { enquiries: inbox, privacy } = app.services;
    const now = new Date();
    const age = async (id: string, months: number) =>
      app.db
        .update(enquiries)
        .set({ createdAt: new Date(now.getTime() - months * MONTH) })
        .where(eq(enquiries.id, id));
    const add = async (email: string, status: "new" | "contacted" | "closed" | "spam", months: number) => {
      const { id } = await inbox.submit("contact", { ...VALID_CONTACT, email }, { spam: status === "spam" });
      if (status !== "new" && status !== "spam") await inbox.setStatus(id, status);
      await age(id, months);
      return id;
    };
    const oldClosed = await add("old-closed@example.co.uk", "closed", 25);
    const oldSpam = await add("old-spam@example.co.uk", "spam", 30);
    const oldOpen = await add("old-open@example.co.uk", "contacted", 30);
    const oldNew = await add("old-new@example.co.uk", "new", 30);
    const recentClosed = await add("recent-closed@example.co.uk", "closed", 20);

    const before = privacy.stats().erased;
    expect(await privacy.eraseExpired(now)).toBe(2);
    expect(await privacy.eraseExpired(now)).toBe(0);
    expect(privacy.stats().erased - before).toBe(2);
    for (const id of [oldClosed, oldSpam]) {
      expect((await inbox.get(id)).fields).toEqual({});
      expect((await inbox.get(id)).timeline[0]).toMatchObject({ type: "erased", by: null });
    }
    for (const id of [oldOpen, oldNew, recentClosed]) expect((await inbox.get(id)).fields).not.toEqual({});

    const res = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body).toContain(`\nenquiries_erased_total ${privacy.stats().erased}\n`);
    expect(privacy.stats().erased).toBeGreaterThanOrEqual(4);
  });
});

describe("ENQUIRY_RETENTION_MONTHS", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp("pglite", { ENQUIRY_RETENTION_MONTHS: "0" });
  });
  afterAll(() => app.close());

  it("keeps every enquiry when 0", async () => {
    const { id } = await app.services.enquiries.submit("contact", VALID_CONTACT);
    await app.services.enquiries.setStatus(id, "closed");
    await app.db
      .update(enquiries)
      .set({ createdAt: new Date("2000-01-01T00:00:00Z") })
      .where(eq(enquiries.id, id));
    expect(await app.services.privacy.eraseExpired()).toBe(0);
    expect((await app.services.enquiries.get(id)).fields).toEqual(VALID_CONTACT);
  });

  it("defaults to 24 months and refuses what is not a number of months", async () => {
    const { testConfig } = await import("../../test/harness");
    expect(testConfig().enquiryRetentionMonths).toBe(24);
    expect(() => testConfig({ ENQUIRY_RETENTION_MONTHS: "two" })).toThrow(/ENQUIRY_RETENTION_MONTHS/);
  });
});
