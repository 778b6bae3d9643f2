import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OTHER_PATH, OTHER_SOURCE, ukDay } from "../../../common/insights/insights";
import { insightsEnquiries, insightsPages, insightsReferrers } from "../../db/schema";
import { bearer, postBody } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { emptyCounts } from "./counter";
import { INSIGHTS_DAY_CAPS } from "./limits";
import { addCounts } from "./store";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = { "user-agent": CHROME };
const today = ukDay();
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Insights storage is bounded whatever visitors send: rows per table per day are capped on the
 * whole key (not per value), the rest folded into 'other'; only real pages and published posts
 * are stored as pages.
 */
describe.each(TEST_DATABASES)("insights limits on %s", (kind) => {
  const signed = signedInApp(kind);

  it("caps enquiry rows per day on the whole key, folding the rest into 'other' with the totals kept", async () => {
    const day = "2025-06-01";
    const counts = emptyCounts();
    // 30 landing pages × 50 referrers: each value well within any per-value cap, 1,500 combinations.
    for (let page = 0; page < 30; page++)
      for (let site = 0; site < 50; site++)
        counts.enquiries.set(`${day}\tquote\t/blog/p${page}\tsite${site}.example`, 1);
    await addCounts(signed.app.db, counts);
    const rows = await signed.app.db.select().from(insightsEnquiries).where(eq(insightsEnquiries.day, day));
    expect(rows.length).toBe(INSIGHTS_DAY_CAPS.enquiries + 1);
    expect(sum(rows.map((r) => r.n))).toBe(1500);
    const other = rows.find((r) => r.landing === OTHER_PATH && r.referrer === OTHER_SOURCE);
    expect(other).toMatchObject({ form: "quote", n: 500 });

    // The next flush: stored keys still add up, new ones go to 'other', the row count stays.
    const kept = rows.find((r) => r.landing !== OTHER_PATH);
    const next = emptyCounts();
    next.enquiries.set(`${day}\tquote\t${kept?.landing}\t${kept?.referrer}`, 2);
    next.enquiries.set(`${day}\tquote\t/new\tnew.example`, 3);
    await addCounts(signed.app.db, next);
    const after = await signed.app.db.select().from(insightsEnquiries).where(eq(insightsEnquiries.day, day));
    expect(after.length).toBe(rows.length);
    expect(after.find((r) => r.landing === kept?.landing && r.referrer === kept?.referrer)?.n).toBe(3);
    expect(after.find((r) => r.landing === OTHER_PATH)?.n).toBe(503);
  });

  it("caps each table with small caps too, most counted keys kept", async () => {
    const day = "2025-06-02";
    const counts = emptyCounts();
    for (let i = 0; i < 10; i++) {
      counts.pages.set(`${day}\t/page-${i}`, { views: i + 1, visits: 1 });
      counts.referrers.set(`${day}\tsite${i}.example`, i + 1);
    }
    await addCounts(signed.app.db, counts, { caps: { pages: 3, referrers: 4, campaigns: 1, enquiries: 1 } });
    const pages = await signed.app.db.select().from(insightsPages).where(eq(insightsPages.day, day));
    expect(pages.map((p) => [p.path, p.views]).sort()).toEqual([
      [OTHER_PATH, 1 + 2 + 3 + 4 + 5 + 6 + 7],
      ["/page-7", 8],
      ["/page-8", 9],
      ["/page-9", 10],
    ]);
    expect(sum(pages.map((p) => p.visits))).toBe(10);
    const referrers = await signed.app.db
      .select()
      .from(insightsReferrers)
      .where(eq(insightsReferrers.day, day));
    expect(referrers).toHaveLength(5);
    expect(sum(referrers.map((r) => r.visits))).toBe(55);
  });

  it("stores only real pages and published posts: any other /blog/… text counts as 'other'", async () => {
    const created = await signed.app.inject({
      method: "POST",
      url: "/api/admin",
      headers: bearer(signed.token),
      payload: { ...postBody(1), title: `Counted ${randomUUID()}`, state: "published" },
    });
    expect(created.statusCode).toBe(201);
    const post = `/blog/${created.json().result._id}`;
    const insights = signed.app.services.insights;
    const planted = "/blog/jane.doe@example.co.uk";
    insights.countPage({ url: post, headers: browser });
    insights.countPage({ url: planted, headers: browser });
    insights.countPage({ url: `/blog/${randomUUID()}`, headers: browser }); // no such post
    const beacon = (query: string) =>
      signed.app.inject({ method: "POST", url: `/api/insights?${query}`, headers: browser });
    expect((await beacon(`p=${encodeURIComponent(planted)}`)).statusCode).toBe(204);
    expect((await beacon(`p=${encodeURIComponent(post)}`)).statusCode).toBe(204);
    expect(
      (await beacon(`f=contact&s=submitted&l=${encodeURIComponent(planted)}&r=google.com`)).statusCode,
    ).toBe(204);

    const report = await insights.report({ from: today, to: today });
    expect(report.pages).toEqual(
      expect.arrayContaining([
        { path: post, views: 2, visits: 1 },
        { path: OTHER_PATH, views: 3, visits: 2 },
      ]),
    );
    expect(report.enquiries).toContainEqual({
      landing: OTHER_PATH,
      referrer: "google.com",
      form: "contact",
      enquiries: 1,
    });
    const stored = JSON.stringify([
      await signed.app.db.select().from(insightsPages),
      await signed.app.db.select().from(insightsEnquiries),
    ]);
    expect(stored).not.toContain("jane.doe");
  });

  it("counts a published page from blocks under its address, and a path shaped like one without a page as 'other'", async () => {
    const made = await signed.app.inject({
      method: "POST",
      url: "/api/admin/pages",
      headers: bearer(signed.token),
      payload: { page: { address: "/bakery-waste", title: "Bakery waste" } },
    });
    const id = made.json().result.id;
    await signed.app.inject({
      method: "POST",
      url: `/api/admin/pages/${id}/publish`,
      headers: bearer(signed.token),
      payload: {},
    });
    const insights = signed.app.services.insights;
    insights.countPage({ url: "/bakery-waste?utm_source=flyer", headers: browser });
    insights.countPage({ url: "/no-such-page", headers: browser });
    const beacon = `f=contact&s=submitted&l=${encodeURIComponent("/bakery-waste")}&r=google.com`;
    expect(
      (await signed.app.inject({ method: "POST", url: `/api/insights?${beacon}`, headers: browser }))
        .statusCode,
    ).toBe(204);
    const report = await insights.report({ from: today, to: today });
    expect(report.pages).toContainEqual({ path: "/bakery-waste", views: 1, visits: 1 });
    expect(report.pages.map((p) => p.path)).not.toContain("/no-such-page");
    expect(report.enquiries).toContainEqual({
      landing: "/bakery-waste",
      referrer: "google.com",
      form: "contact",
      enquiries: 1,
    });
  });
});
