import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSIGHTS_MESSAGES, ukDay } from "../../../common/insights/insights";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { insightsPages, insightsReferrers, insightsReferrersMonthly } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, testConfig } from "../../test/harness";
import { emptyCounts } from "./counter";
import { createInsightsService, firstKeptDay } from "./service";
import { addCounts, readReport, wholeMonths } from "./store";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = { "user-agent": CHROME };
const today = ukDay();
const todayRange = { from: today, to: today };

describe.each(TEST_DATABASES)("insights on %s", (kind) => {
  let app: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, logger: false });
    // A second instance on the same database, with counts of its own (a cluster's other node).
    second = await buildApp({
      config: testConfig(),
      database: { ...database, close: async () => {} },
      logger: false,
    });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  const beacon = (query: string, headers: Record<string, string> = browser) =>
    app.inject({ method: "POST", url: `/api/insights?${query}`, headers });

  it("counts page views, visits, referring domains and campaigns as daily aggregates", async () => {
    const insights = app.services.insights;
    const google = { ...browser, referer: "https://www.google.com/search?q=tankering" };
    for (let i = 0; i < 3; i++) insights.countPage({ url: "/services/2", headers: google });
    insights.countPage({ url: "/?utm_source=Newsletter&utm_campaign=spring", headers: browser });
    insights.countPage({
      url: "/contact",
      headers: { ...browser, referer: "http://localhost:3000/services/2" },
    });
    insights.countPage({
      url: "/",
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    insights.countPage({ url: "/", headers: { ...browser, "sec-gpc": "1" } });
    insights.countPage({ url: "/", headers: { ...browser, dnt: "1" } });
    expect((await beacon("p=/about")).statusCode).toBe(204);

    const report = await insights.report(todayRange);
    expect(report.days).toEqual([{ day: today, visits: 4, views: 6 }]);
    expect(report.pages).toEqual([
      { path: "/services/2", views: 3, visits: 3 },
      { path: "/", views: 1, visits: 1 },
      { path: "/about", views: 1, visits: 0 },
      { path: "/contact", views: 1, visits: 0 },
    ]);
    expect(report.referrers).toEqual([
      { domain: "google.com", visits: 3 },
      { domain: "", visits: 1 },
    ]);
    expect(report.campaigns).toEqual([{ source: "newsletter", campaign: "spring", visits: 1 }]);
    // Nothing in the tables could name a visitor: no address, agent or full referrer.
    const rows = JSON.stringify([
      await app.db.select().from(insightsPages),
      await app.db.select().from(insightsReferrers),
    ]);
    expect(rows).not.toMatch(/search|Chrome|127\.0\.0\.1|tankering/);
  });

  it("counts the wizard's steps and submissions by landing page from the beacon", async () => {
    for (const step of ["1", "2", "3", "4"]) expect((await beacon(`f=quote&s=${step}`)).statusCode).toBe(204);
    await beacon("f=quote&s=1");
    await beacon("f=quote&s=submitted&l=%2Fservices%2F2&r=www.google.com");
    await beacon("f=tankering&s=viewed");
    await beacon("f=tankering&s=submitted&l=%2Fservices%2F2&r=google.com");
    await beacon("f=contact&s=viewed", { ...browser, "sec-gpc": "1" }); // not counted
    await beacon("f=contact&s=viewed", { ...browser, "sec-fetch-site": "cross-site" }); // not counted
    const report = await app.services.insights.report(todayRange);
    const funnel = Object.fromEntries(report.funnel.map((f) => [`${f.form} ${f.stage}`, f.count]));
    expect(funnel).toEqual({
      "quote 1": 2,
      "quote 2": 1,
      "quote 3": 1,
      "quote 4": 1,
      "quote submitted": 1,
      "tankering viewed": 1,
      "tankering submitted": 1,
    });
    expect(report.enquiries).toEqual([
      { landing: "/services/2", referrer: "google.com", form: "quote", enquiries: 1 },
      { landing: "/services/2", referrer: "google.com", form: "tankering", enquiries: 1 },
    ]);
  });

  it("shares one read among people asking for the same range, and shows this instance's new counts at once", async () => {
    const insights = app.services.insights;
    const [a, b] = await Promise.all([insights.report(todayRange), insights.report(todayRange)]);
    expect(a).toBe(b);
    insights.countPage({ url: "/legal/privacy-policy", headers: browser });
    const c = await insights.report(todayRange);
    expect(c).not.toBe(a);
    expect(c.pages.find((p) => p.path === "/legal/privacy-policy")?.views).toBe(1);
  });

  it("refuses a beacon that is not one the site sends, counting nothing", async () => {
    const before = await app.services.insights.report(todayRange);
    for (const query of [
      "",
      "f=quote&s=9",
      "f=quote&s=viewed",
      "f=order&s=1",
      "p=/about&id=123",
      `p=${"a".repeat(301)}`,
    ]) {
      const res = await beacon(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(INSIGHTS_MESSAGES.invalidEvent);
    }
    expect(await app.services.insights.report(todayRange)).toEqual(before);
  });

  it("sets no cookie and keeps nothing on the device", async () => {
    const res = await beacon("p=/about");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("adds counts from two instances flushing the same rows at once without losing any", async () => {
    const path = "/sustainability";
    const rounds = 20;
    const perRound = 25;
    for (let round = 0; round < rounds; round++) {
      for (const instance of [app, second])
        for (let i = 0; i < perRound; i++)
          instance.services.insights.countPage({ url: path, headers: browser });
      await Promise.all([app.services.insights.flush(), second.services.insights.flush()]);
    }
    const report = await second.services.insights.report(todayRange);
    expect(report.pages.find((p) => p.path === path)).toEqual({
      path,
      views: 2 * rounds * perRound,
      visits: 2 * rounds * perRound,
    });
  });

  it("deletes counts older than the retention and keeps the rest", async () => {
    const kept = firstKeptDay(today, 25);
    const dayBefore = new Date(Date.parse(`${kept}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await app.db.insert(insightsPages).values([
      { day: dayBefore, path: "/", views: 5, visits: 5 },
      { day: kept, path: "/", views: 7, visits: 7 },
    ]);
    const monthBefore = `${dayBefore.slice(0, 7)}-01`;
    await app.db
      .insert(insightsReferrersMonthly)
      .values({ month: monthBefore, domain: "old.example", visits: 3 });
    expect(await app.services.insights.prune()).toBe(2); // the day, and the month total holding it
    expect((await app.db.select().from(insightsReferrersMonthly)).map((m) => m.domain)).not.toContain(
      "old.example",
    );
    const days = (await app.db.select().from(insightsPages)).map((r) => r.day);
    expect(days).not.toContain(dayBefore);
    expect(days).toContain(kept);
  });

  it("adds up referring domains across whole months (month totals) and their edge days (day rows)", async () => {
    const counts = emptyCounts();
    for (const [day, n] of [
      ["2025-01-31", 1],
      ["2025-02-01", 10],
      ["2025-02-28", 100],
      ["2025-03-01", 1000],
      ["2025-03-31", 10000],
      ["2025-04-02", 100000],
    ] as const)
      counts.referrers.set(`${day}\tmonths.example`, n);
    await addCounts(app.db, counts);
    const visits = async (from: string, to: string) =>
      (await readReport(app.db, { from, to }, { firstKept: "2024-01-01" })).referrers.find(
        (r) => r.domain === "months.example",
      )?.visits;
    expect(await visits("2025-01-31", "2025-04-02")).toBe(111111); // Feb and Mar whole, two edge days
    expect(await visits("2025-02-01", "2025-02-28")).toBe(110);
    expect(await visits("2025-02-02", "2025-03-31")).toBe(11100);
    expect(await visits("2025-02-15", "2025-03-15")).toBe(1100);
    const monthly = await app.db.select().from(insightsReferrersMonthly);
    expect(monthly.filter((m) => m.domain === "months.example").map((m) => [m.month, m.visits])).toEqual([
      ["2025-01-01", 1],
      ["2025-02-01", 110],
      ["2025-03-01", 11000],
      ["2025-04-01", 100000],
    ]);
    // Which rows a range reads: a whole month its total, a month that began before the first day
    // kept (its total deleted with that day) its day rows.
    await app.db
      .update(insightsReferrersMonthly)
      .set({ visits: 999 })
      .where(
        and(
          eq(insightsReferrersMonthly.month, "2025-02-01"),
          eq(insightsReferrersMonthly.domain, "months.example"),
        ),
      );
    const february = (firstKept: string) =>
      readReport(app.db, { from: "2025-02-01", to: "2025-02-28" }, { firstKept }).then(
        (report) => report.referrers.find((r) => r.domain === "months.example")?.visits,
      );
    expect(await february("2024-01-01")).toBe(999);
    expect(await february("2025-02-10")).toBe(110);
  });

  it("writes a table of the report as CSV", async () => {
    const csv = await app.services.insights.csv(todayRange, "referrers");
    // Direct visits from the tests above: 1 to /, 1,000 to /sustainability, 1 to the privacy policy.
    expect(csv).toBe(`\uFEFFReferring site,Visits\r\n${INSIGHTS_MESSAGES.direct},1002\r\ngoogle.com,3\r\n`);
  });
});

describe("whole months of a range", () => {
  it("are the months that begin and end inside it, none before the first day kept", () => {
    expect(wholeMonths({ from: "2025-01-31", to: "2025-04-02" }, "2024-01-01")).toEqual({
      from: "2025-02-01",
      to: "2025-04-01",
    });
    expect(wholeMonths({ from: "2025-02-01", to: "2025-02-28" }, "2024-01-01")).toEqual({
      from: "2025-02-01",
      to: "2025-03-01",
    });
    expect(wholeMonths({ from: "2025-02-02", to: "2025-02-27" }, "2024-01-01")).toEqual({
      from: "2025-03-01",
      to: "2025-03-01",
    });
    expect(wholeMonths({ from: "2025-01-01", to: "2025-12-31" }, "2025-06-15")).toEqual({
      from: "2025-07-01",
      to: "2026-01-01",
    });
  });
});

describe("retention settings", () => {
  it("reads INSIGHTS_RETENTION_MONTHS (25 by default) and refuses a bad value by name", () => {
    expect(testConfig().insightsRetentionMonths).toBe(25);
    expect(testConfig({ INSIGHTS_RETENTION_MONTHS: "13" }).insightsRetentionMonths).toBe(13);
    expect(() => testConfig({ INSIGHTS_RETENTION_MONTHS: "0" })).toThrow(/INSIGHTS_RETENTION_MONTHS/);
    expect(() => testConfig({ INSIGHTS_RETENTION_MONTHS: "two" })).toThrow(/INSIGHTS_RETENTION_MONTHS/);
  });

  it("keeps the same day of the month, months back (the month's last day when shorter)", () => {
    expect(firstKeptDay("2026-03-15", 25)).toBe("2024-02-15");
    expect(firstKeptDay("2026-03-31", 1)).toBe("2026-02-28");
    expect(firstKeptDay("2026-01-10", 1)).toBe("2025-12-10");
  });
});

describe("a flush that fails", () => {
  it("writes nothing and keeps every count for the next flush", async () => {
    const down = {
      transaction: async () => {
        throw new Error("database unreachable");
      },
    } as unknown as Database;
    const insights = createInsightsService(down, testConfig(), { publishedPosts: async () => new Set() });
    insights.countPage({ url: "/", headers: browser });
    insights.countEvent({ f: "quote", s: "2" }, browser);
    await insights.flush();
    expect(insights.stats()).toEqual({ pending: 3, flushed: 0, failures: 1 });
    insights.countPage({ url: "/", headers: browser });
    await insights.flush();
    expect(insights.stats()).toEqual({ pending: 3, flushed: 0, failures: 2 });
  });
});

describe("counting switched off", () => {
  it("counts nothing with INSIGHTS_COUNTING=0", async () => {
    const database = await openTestDatabase("pglite");
    const app = await buildApp({ config: testConfig({ INSIGHTS_COUNTING: "0" }), database, logger: false });
    try {
      app.services.insights.countPage({ url: "/", headers: browser });
      expect(
        (await app.inject({ method: "POST", url: "/api/insights?p=/about", headers: browser })).statusCode,
      ).toBe(204);
      expect((await app.services.insights.report(todayRange)).pages).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
