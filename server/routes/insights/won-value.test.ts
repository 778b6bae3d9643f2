import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, INSIGHTS_MESSAGES, ukDay } from "../../../common/insights/insights";
import { WON_MESSAGES, winRatePercent } from "../../../common/insights/won-value";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { enquiries, mailOutbox } from "../../db/schema";
import { bearer } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const LINE = {
  description: "Food waste collection",
  quantityThousandths: 1000,
  unit: "collection",
  unitPricePence: 10_000,
};
const today = ukDay();
const source = (landing: string | null, extra: Record<string, string | null> = {}) => ({
  landing,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  ...extra,
});

/** Insights' won value through the REST API (issue 49), on both databases. */
describe.each(TEST_DATABASES)("won value per landing page on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  let editor: string;
  const call = (url: string, token = desk) => api.app.inject({ method: "GET", url, headers: bearer(token) });
  const put = (url: string, payload: object) =>
    api.app.inject({ method: "PUT", url, headers: bearer(desk), payload });
  const move = async (id: string, ...stages: Array<string | object>) => {
    for (const stage of stages) {
      const body = typeof stage === "string" ? { stage } : stage;
      const res = await put(`/api/admin/enquiries/${id}/stage`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    editor = await signInAs(api.app, "editor");
    const { enquiries: inbox } = api.app.services;
    const campaign = source("/food-waste", {
      referrer: "google.com",
      utmSource: "newsletter",
      utmCampaign: "spring",
    });
    // Quoted and accepted online: Won with the quote's total (£100 + VAT = £120.00).
    const won = (await inbox.submit("quote", VALID_QUOTE, { source: campaign })).id;
    const draft = await api.app.inject({
      method: "POST",
      url: `/api/admin/enquiries/${won}/quotes`,
      headers: bearer(desk),
      payload: { lines: [LINE] },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const quoteId = draft.json().data.id as string;
    const sent = await api.app.inject({
      method: "POST",
      url: `/api/admin/quotes/${quoteId}/send`,
      headers: bearer(desk),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quote"));
    const token = mails
      .map((m) => m.message?.text.match(new RegExp(`/quotes/${quoteId}/([A-Za-z0-9_-]{43})`))?.[1])
      .find(Boolean);
    const accepted = await api.app.inject({
      method: "POST",
      url: `/api/quotes/${quoteId}/accept`,
      payload: { token, name: "Quinn Quote", accept: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The same landing page: a contact lost before any quote, a quote moved to Quoted by hand then lost.
    const lost = (
      await inbox.submit("contact", VALID_CONTACT, {
        source: source("/food-waste"),
      })
    ).id;
    await move(lost, { stage: "lost", reason: "price" });
    const quotedLost = (
      await inbox.submit(
        "quote",
        { ...VALID_QUOTE, businessType: "Council" },
        { source: source("/food-waste") },
      )
    ).id;
    await move(quotedLost, "contacted", "quoted", {
      stage: "lost",
      reason: "went-elsewhere",
    });
    // No source at all, still new; spam from the same page is never counted.
    await inbox.submit("contact", VALID_CONTACT);
    await inbox.submit("contact", VALID_CONTACT, {
      spam: true,
      source: source("/food-waste"),
    });
    // Forty days ago: won by hand with its value, outside the last 30 days.
    const old = (
      await inbox.submit("tankering", VALID_TANKERING, {
        source: source("/old-page"),
      })
    ).id;
    await move(old, "contacted", "quoted", { stage: "won", valuePence: 5000 });
    await api.app.db
      .update(enquiries)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(enquiries.id, old));
  });

  it("counts the range's enquiries per landing page, referring site, campaign, form and business type", async () => {
    const res = await call(`/api/admin/insights/won-value?from=${addDays(today, -29)}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.total).toEqual({
      enquiries: 4,
      quoted: 2,
      won: 1,
      lost: 2,
      wonPence: 12_000,
      winRatePercent: 33,
    });
    expect(data.views.landing).toEqual([
      {
        key: "/food-waste",
        enquiries: 3,
        quoted: 2,
        won: 1,
        lost: 2,
        wonPence: 12_000,
        winRatePercent: 33,
      },
      {
        key: "",
        enquiries: 1,
        quoted: 0,
        won: 0,
        lost: 0,
        wonPence: 0,
        winRatePercent: null,
      },
    ]);
    expect(data.views.referrer[0]).toMatchObject({
      key: "google.com",
      enquiries: 1,
      won: 1,
      wonPence: 12_000,
    });
    expect(data.views.campaign[0]).toMatchObject({
      source: "newsletter",
      key: "spring",
      enquiries: 1,
      quoted: 1,
      won: 1,
      wonPence: 12_000,
      winRatePercent: 100,
    });
    expect(data.views.form).toEqual([
      {
        key: "quote",
        enquiries: 2,
        quoted: 2,
        won: 1,
        lost: 1,
        wonPence: 12_000,
        winRatePercent: 50,
      },
      {
        key: "contact",
        enquiries: 2,
        quoted: 0,
        won: 0,
        lost: 1,
        wonPence: 0,
        winRatePercent: 0,
      },
    ]);
    // Only the wizard asks the business type.
    expect(data.views.business.map((r: { key: string; won: number }) => [r.key, r.won])).toEqual([
      ["Farming", 1],
      ["Council", 0],
    ]);
  });

  it("reads any range: a longer one takes the older win, a past one only it", async () => {
    const long = (await call(`/api/admin/insights/won-value?from=${addDays(today, -89)}&to=${today}`)).json()
      .data;
    expect(long.total).toMatchObject({
      enquiries: 5,
      won: 2,
      wonPence: 17_000,
    });
    expect(long.views.landing[0]).toMatchObject({
      key: "/food-waste",
      wonPence: 12_000,
    });
    expect(long.views.landing[1]).toMatchObject({
      key: "/old-page",
      enquiries: 1,
      won: 1,
      wonPence: 5000,
    });
    const past = (
      await call(`/api/admin/insights/won-value?from=${addDays(today, -45)}&to=${addDays(today, -35)}`)
    ).json().data;
    expect(past.total).toMatchObject({ enquiries: 1, won: 1, wonPence: 5000 });
    expect(past.views.form).toEqual([
      {
        key: "tankering",
        enquiries: 1,
        quoted: 1,
        won: 1,
        lost: 0,
        wonPence: 5000,
        winRatePercent: 100,
      },
    ]);
    // The default is the last 30 days, as on the screen.
    expect((await call("/api/admin/insights/won-value")).json().data.total.enquiries).toBe(4);
  });

  it("answers a bad range or view with 400 and the catalogue's message", async () => {
    const cases: Array<[string, string]> = [
      [`from=${today}&to=${addDays(today, -1)}`, INSIGHTS_MESSAGES.invalidRange],
      [`from=2020-01-01&to=${today}`, INSIGHTS_MESSAGES.rangeTooLong],
      ["from=yesterday", INSIGHTS_MESSAGES.invalidDate],
      ["from=2027-13-45&to=2027-13-46", INSIGHTS_MESSAGES.invalidDate],
      ["days=7", INSIGHTS_MESSAGES.invalidRange],
    ];
    for (const [query, message] of cases) {
      const res = await call(`/api/admin/insights/won-value?${query}`);
      expect([res.statusCode, res.json().message], query).toEqual([400, message]);
    }
    const view = await call("/api/admin/insights/won-value.csv?view=pages");
    expect([view.statusCode, view.json().message]).toEqual([400, WON_MESSAGES.invalidView]);
    const none = await call("/api/admin/insights/won-value.csv");
    expect([none.statusCode, none.json().message]).toEqual([400, WON_MESSAGES.invalidView]);
  });

  it("exports each view as CSV: money in pounds, the win rate in per cent", async () => {
    const res = await call(
      `/api/admin/insights/won-value.csv?view=landing&from=${addDays(today, -29)}&to=${today}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(
      `won-landing-${addDays(today, -29)}-to-${today}.csv`,
    );
    expect(res.body.split("\r\n")).toEqual([
      "\uFEFFLanding page,Enquiries,Quoted,Won,Lost,Win rate (%),Won value (£)",
      "/food-waste,3,2,1,2,33,120.00",
      "Unknown,1,0,0,0,,0.00",
      "",
    ]);
    const campaigns = await call(`/api/admin/insights/won-value.csv?view=campaign&days=30`);
    expect(campaigns.body.split("\r\n").slice(0, 3)).toEqual([
      "\uFEFFSource (utm_source),Campaign (utm_campaign),Enquiries,Quoted,Won,Lost,Win rate (%),Won value (£)",
      "newsletter,spring,1,1,1,0,100,120.00",
      `${WON_MESSAGES.noCampaign},,3,1,0,2,0,0.00`,
    ]);
  });

  it("refuses the Editor (403, the catalogue's message) the figures and the CSV", async () => {
    for (const url of ["/api/admin/insights/won-value", "/api/admin/insights/won-value.csv?view=landing"]) {
      const res = await call(url, editor);
      expect([res.statusCode, res.json().message], url).toEqual([403, ROLE_MESSAGES.forbidden("insights")]);
    }
    expect(
      (
        await api.app.inject({
          method: "GET",
          url: "/api/admin/insights/won-value",
        })
      ).statusCode,
    ).toBe(401);
  });

  it("rounds the win rate half up, and says nothing while none is decided", () => {
    expect([winRatePercent(1, 2), winRatePercent(2, 1), winRatePercent(1, 7), winRatePercent(0, 0)]).toEqual([
      33,
      67,
      13,
      null,
    ]);
  });
});
