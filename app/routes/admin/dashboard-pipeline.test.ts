import { addDays, ukDay } from "@common/insights/insights";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { ROLE_MESSAGES } from "@common/staff/roles";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { enquiries, mailOutbox } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { bearer } from "../../../server/test/content";
import { VALID_CONTACT, VALID_QUOTE } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { loader } from "./orders";

const LINE = {
  description: "Collection",
  quantityThousandths: 1000,
  unit: "collection",
  unitPricePence: 10_000,
};
const today = ukDay();

/** The dashboard's pipeline figures (issue 49): the API and the dashboard's loader, on both databases. */
describe.each(TEST_DATABASES)("the dashboard's pipeline figures on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = desk) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const submit = async (form: "contact" | "quote" = "quote") =>
    (await api.app.services.enquiries.submit(form, form === "quote" ? VALID_QUOTE : VALID_CONTACT)).id;
  const move = async (id: string, ...stages: Array<string | object>) => {
    for (const stage of stages) {
      const res = await call(
        "PUT",
        `/api/admin/enquiries/${id}/stage`,
        typeof stage === "string" ? { stage } : stage,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  /** A quote drafted and sent (the enquiry moves to Quoted); its id and link token. */
  const sendQuote = async (enquiryId: string, validUntil?: string) => {
    const draft = await call("POST", `/api/admin/enquiries/${enquiryId}/quotes`, {
      lines: [LINE],
      validUntil,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as string;
    expect((await call("POST", `/api/admin/quotes/${id}/send`)).statusCode).toBe(200);
    const mails = await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quote"));
    const token = mails
      .map((m) => m.message?.text.match(new RegExp(`/quotes/${id}/([A-Za-z0-9_-]{43})`))?.[1])
      .find(Boolean);
    return { id, token };
  };
  const movedAgo = (id: string, days: number) =>
    api.app.db
      .update(enquiries)
      .set({ stageChangedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(enquiries.id, id));

  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    await submit("contact");
    await submit();
    await move(await submit("contact"), "contacted");
    // Quoted, valid a month: open value £120.00; another expiring in 3 days: in both.
    await sendQuote(await submit());
    await sendQuote(await submit(), addDays(today, 3));
    // Won this month: one accepted online (£120.00), one by hand with its value (£50.00).
    const accepted = await submit();
    const { id, token } = await sendQuote(accepted);
    const yes = await api.app.inject({
      method: "POST",
      url: `/api/quotes/${id}/accept`,
      payload: { token, name: "Quinn Quote", accept: true },
    });
    expect(yes.statusCode, yes.body).toBe(200);
    const byHand = await submit();
    await move(byHand, "contacted", "quoted", { stage: "won", valuePence: 5000 });
    // Won 45 days ago (before this month, inside 90 days), lost 10 and 120 days ago.
    const earlier = await submit();
    await move(earlier, "contacted", "quoted", { stage: "won", valuePence: 99_900 });
    await movedAgo(earlier, 45);
    const lost = await submit("contact");
    await move(lost, { stage: "lost", reason: "price" });
    await movedAgo(lost, 10);
    const longAgo = await submit("contact");
    await move(longAgo, { stage: "lost", reason: "timing" });
    await movedAgo(longAgo, 120);
  });

  it("answers the open value by stage, won this month, the win rate over 90 days and the quotes expiring", async () => {
    const res = await call("GET", "/api/admin/pipeline/figures");
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.open).toEqual([
      { stage: "new", enquiries: 2, valuePence: 0 },
      { stage: "contacted", enquiries: 1, valuePence: 0 },
      { stage: "quoted", enquiries: 2, valuePence: 24_000 },
    ]);
    expect(data.wonThisMonth).toEqual({ enquiries: 2, valuePence: 17_000 });
    expect(data.winRate).toEqual({ won: 3, lost: 1, percent: 75 });
    expect(data.expiring).toMatchObject({ count: 1, valuePence: 12_000 });
    expect(data.expiring.quotes).toHaveLength(1);
    expect(data.expiring.quotes[0]).toMatchObject({ validUntil: addDays(today, 3), totalPence: 12_000 });
  });

  it("shows them on the dashboard for the Desk; the Editor is refused the figures", async () => {
    const screen = (await loader({
      request: new Request("http://localhost/admin/dashboard", {
        headers: { cookie: `${ADMIN_AUTH_COOKIE}=${desk}` },
      }),
      context: loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" }),
      params: {},
    } as never)) as Awaited<ReturnType<typeof loader>>;
    expect(screen.pipeline.wonThisMonth).toEqual({ enquiries: 2, valuePence: 17_000 });
    expect(screen.pipeline.winRate.percent).toBe(75);
    const editor = await signInAs(api.app, "editor");
    const refused = await call("GET", "/api/admin/pipeline/figures", undefined, editor);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ROLE_MESSAGES.forbidden("dashboard")]);
    await expect(api.app.services.pipelineFigures.figures({ role: "editor" })).rejects.toThrow(
      ROLE_MESSAGES.forbidden("dashboard"),
    );
    expect((await api.app.inject({ method: "GET", url: "/api/admin/pipeline/figures" })).statusCode).toBe(
      401,
    );
  });
});
