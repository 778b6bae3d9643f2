import { formatQuantity, penceAsTyped } from "@common/pipeline/money";
import { QUOTE_MESSAGES } from "@common/pipeline/quotes";
import { STAGE_MESSAGES } from "@common/pipeline/stages";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PIPELINE_SCREEN_TEXTS as T } from "~/lib/pipeline/pipeline-texts";
import { mailOutbox } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { bearer } from "../../../server/test/content";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { TEST_DATABASES } from "../../../server/test/harness";
import { signedInApp, signInAs } from "../../../server/test/signed-in";
import { action, loader } from "./enquiry-detail";

const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) =>
  ((answer as { data?: unknown }).data ?? answer) as { ok: boolean; message?: string; error?: string };

/** The enquiry screen's 'Stage' and 'Quotes' (its loader and action as React Router calls them), without JavaScript. */
describe.each(TEST_DATABASES)("the enquiry screen's pipeline on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const screen = (id: string) => `http://localhost/admin/dashboard/enquiries/${id}`;
  const load = (cookie: string, id: string) =>
    loader({
      request: new Request(screen(id), { headers: { cookie } }),
      context: context(),
      params: { id },
    } as never);
  const post = (cookie: string, id: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return action({
      request: new Request(screen(id), { method: "POST", headers: { cookie }, body: form }),
      context: context(),
      params: { id },
    } as never).catch((thrown: unknown) => thrown);
  };
  const deskCookie = async () => `${ADMIN_AUTH_COOKIE}=${await signInAs(api.app, "desk")}`;

  it("moves the stage with 'Move stage' (Lost needs its reason) and shows the moves from there", async () => {
    const cookie = await deskCookie();
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const lost = await post(cookie, id, { intent: "stage", stage: "lost", reason: "" });
    expect([statusOf(lost), bodyOf(lost).error]).toEqual([400, STAGE_MESSAGES.reasonRequired]);
    const moved = await post(cookie, id, { intent: "stage", stage: "contacted", reason: "price", note: "" });
    expect(bodyOf(moved)).toEqual({ ok: true, message: T.stageMoved });
    const page = await load(cookie, id);
    expect(page.enquiry.stage).toBe("contacted");
    expect(page.pipeline.reasons.map((r: { id: string }) => r.id)).toContain("price");
    const impossible = await post(cookie, id, { intent: "stage", stage: "won", value: "10.00" });
    expect([statusOf(impossible), bodyOf(impossible).error]).toEqual([
      409,
      STAGE_MESSAGES.impossibleMove("contacted", "won"),
    ]);
  });

  it("creates a quote from the form's rows (pounds and quantities read without floats) and sends it", async () => {
    const cookie = await deskCookie();
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const bad = await post(cookie, id, {
      intent: "quote-create",
      "line-0-description": "Collection",
      "line-0-quantity": "1.2345",
      "line-0-unit": "collection",
      "line-0-price": "18.50",
    });
    expect([statusOf(bad), bodyOf(bad).error]).toEqual([400, QUOTE_MESSAGES.quantity]);
    const created = await post(cookie, id, {
      intent: "quote-create",
      "line-0-description": "Food waste collection",
      "line-0-quantity": "4",
      "line-0-unit": "collection",
      "line-0-price": "£18.50",
      "line-0-vat": "standard",
      "line-1-description": "Depackaging",
      "line-1-quantity": "1.5",
      "line-1-unit": "tonne",
      "line-1-price": "33.33",
      "line-1-vat": "zero",
      discount: "10",
    });
    expect(bodyOf(created).ok).toBe(true);
    const [quote] = (await load(cookie, id)).pipeline.quotes;
    expect(quote.lines.map((l: { netPence: number }) => l.netPence)).toEqual([7400, 5000]);
    expect(quote.totals).toMatchObject({ subtotalPence: 12_400, discountPence: 1240, totalPence: 12_492 });
    const sent = await post(cookie, id, { intent: "quote-send", quoteId: quote.id });
    expect(bodyOf(sent)).toEqual({ ok: true, message: T.quoteSent(quote.number) });
    const page = await load(cookie, id);
    expect(page.enquiry.stage).toBe("quoted");
    expect(page.pipeline.quotes[0].state).toBe("sent");
    // Another enquiry's quote is not sent from this screen.
    const other = (await api.app.services.enquiries.submit("contact", VALID_CONTACT)).id;
    const foreign = await post(cookie, other, { intent: "quote-send", quoteId: quote.id });
    expect([statusOf(foreign), bodyOf(foreign).error]).toEqual([404, QUOTE_MESSAGES.notFound]);
  });

  it("takes a line from the price list: the service fills what the row leaves blank (no JavaScript), what was typed stands", async () => {
    const cookie = await deskCookie();
    const addService = async (service: object) => {
      const res = await api.app.inject({
        method: "POST",
        url: "/api/admin/pipeline/services",
        headers: bearer(api.token),
        payload: service,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; name: string };
    };
    const tonnes = await addService({
      name: "Depackaging",
      unit: "tonne",
      unitPricePence: 4250,
      vatRate: "zero",
    });
    const bins = await addService({
      name: "Food waste collection (240 l bin)",
      unit: "collection",
      unitPricePence: 1850,
    });
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const offered = (await load(cookie, id)).pipeline.services.map((s: { id: string }) => s.id);
    expect(offered).toEqual(expect.arrayContaining([tonnes.id, bins.id]));
    // The form as a page without JavaScript posts it: the service chosen, the rest as offered.
    const created = await post(cookie, id, {
      intent: "quote-create",
      "line-0-service": tonnes.id,
      "line-0-description": "",
      "line-0-quantity": "2",
      "line-0-unit": "",
      "line-0-price": "",
      "line-0-vat": "",
      "line-1-service": bins.id,
      "line-1-description": "",
      "line-1-quantity": "4",
      "line-1-unit": "",
      "line-1-price": "17.00",
      "line-1-vat": "",
    });
    expect(bodyOf(created)).toEqual({ ok: true, message: expect.any(String) });
    const [quote] = (await load(cookie, id)).pipeline.quotes;
    expect(quote.lines).toEqual([
      {
        serviceId: tonnes.id,
        description: "Depackaging",
        quantityThousandths: 2000,
        unit: "tonne",
        unitPricePence: 4250,
        vatRate: "zero",
        netPence: 8500,
      },
      {
        serviceId: bins.id,
        description: "Food waste collection (240 l bin)",
        quantityThousandths: 4000,
        unit: "collection",
        unitPricePence: 1700,
        vatRate: "standard",
        netPence: 6800,
      },
    ]);
    // £85.00 zero-rated + £68.00 with VAT at 20% (£13.60).
    expect(quote.totals).toMatchObject({ subtotalPence: 15_300, vatPence: 1360, totalPence: 16_660 });
    // A service the list no longer offers is refused; a row without one must choose its unit.
    await api.app.inject({
      method: "PUT",
      url: `/api/admin/pipeline/services/${tonnes.id}`,
      headers: bearer(api.token),
      payload: { name: "Depackaging", unit: "tonne", unitPricePence: 4250, vatRate: "zero", archived: true },
    });
    const archived = await post(cookie, id, {
      intent: "quote-create",
      "line-0-service": tonnes.id,
      "line-0-quantity": "1",
    });
    expect([statusOf(archived), bodyOf(archived).error]).toEqual([400, QUOTE_MESSAGES.unknownService]);
    const noUnit = await post(cookie, id, {
      intent: "quote-create",
      "line-0-service": "",
      "line-0-description": "Skip hire",
      "line-0-quantity": "1",
      "line-0-unit": "",
      "line-0-price": "120",
    });
    expect([statusOf(noUnit), bodyOf(noUnit).error]).toEqual([400, QUOTE_MESSAGES.unit]);
  });

  type ScreenQuote = {
    id: string;
    number: string;
    version: number;
    state: string;
    supersedes: string | null;
    validUntil: string;
    terms: string;
    discount: unknown;
    totals: { subtotalPence: number; discountPence: number; totalPence: number };
    lines: Array<{ description: string; quantityThousandths: number; unit: string; unitPricePence: number }>;
  };
  const quotesOf = async (cookie: string, id: string) =>
    (await load(cookie, id)).pipeline.quotes as ScreenQuote[];
  /** The fields the screen's 'Edit quote' / 'Revise quote' form starts with for the quote. */
  const filled = (q: ScreenQuote) =>
    Object.fromEntries(
      q.lines.flatMap((l, i) => [
        [`line-${i}-service`, ""],
        [`line-${i}-description`, l.description],
        [`line-${i}-quantity`, formatQuantity(l.quantityThousandths)],
        [`line-${i}-unit`, l.unit],
        [`line-${i}-price`, penceAsTyped(l.unitPricePence)],
        [`line-${i}-vat`, "standard"],
      ]),
    ) as Record<string, string>;
  /** The token of the link mailed for the quote. */
  async function linkToken(quoteId: string) {
    const rows = await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quote"));
    const texts = rows.map((r) => r.message?.text ?? "").join("\n");
    const match = texts.match(new RegExp(`/quotes/${quoteId}/([A-Za-z0-9_-]{43})`));
    if (!match?.[1]) throw new Error("no link mailed");
    return match[1];
  }

  it("edits a draft in place with 'Save quote' (lines, discount, validity), then sends it", async () => {
    const cookie = await deskCookie();
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    await post(cookie, id, {
      intent: "quote-create",
      "line-0-description": "Food waste collection",
      "line-0-quantity": "4",
      "line-0-unit": "collection",
      "line-0-price": "18.50",
    });
    const [draft] = await quotesOf(cookie, id);
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    // The form as it opens (the draft's line), one quantity changed, a line added in a blank row.
    const saved = await post(cookie, id, {
      intent: "quote-save",
      quoteId: draft.id,
      ...filled(draft),
      "line-0-quantity": "1,000.5",
      "line-1-description": "Depackaging",
      "line-1-quantity": "2",
      "line-1-unit": "tonne",
      "line-1-price": "40",
      "line-1-vat": "zero",
      discount: "12.5%",
      validUntil,
      terms: draft.terms,
    });
    expect(bodyOf(saved)).toEqual({ ok: true, message: T.quoteSaved(draft.number) });
    const [edited, ...others] = await quotesOf(cookie, id);
    expect(others).toEqual([]);
    expect(edited).toMatchObject({ id: draft.id, version: 1, state: "draft", validUntil });
    expect(edited.discount).toEqual({ kind: "percent", basisPoints: 1250 });
    // 1,000.5 × £18.50 = £18,509.25; 2 × £40.00 zero-rated = £80.00; 12.5% off £18,589.25.
    expect(edited.lines.map((l) => [l.description, l.quantityThousandths, l.unitPricePence])).toEqual([
      ["Food waste collection", 1_000_500, 1850],
      ["Depackaging", 2000, 4000],
    ]);
    expect(edited.totals).toMatchObject({ subtotalPence: 1_858_925, discountPence: 232_366 });
    // What the form refuses, it refuses on saving too; the draft is unchanged.
    const bad = await post(cookie, id, {
      intent: "quote-save",
      quoteId: draft.id,
      ...filled(edited),
      "line-0-quantity": "0",
    });
    expect([statusOf(bad), bodyOf(bad).error]).toEqual([400, QUOTE_MESSAGES.quantity]);
    expect((await quotesOf(cookie, id))[0].totals).toEqual(edited.totals);
    const sent = await post(cookie, id, { intent: "quote-send", quoteId: draft.id });
    expect(bodyOf(sent)).toEqual({ ok: true, message: T.quoteSent(draft.number) });
    // Another enquiry's quote is not changed from this screen.
    const other = (await api.app.services.enquiries.submit("contact", VALID_CONTACT)).id;
    const foreign = await post(cookie, other, { intent: "quote-save", quoteId: draft.id, ...filled(edited) });
    expect([statusOf(foreign), bodyOf(foreign).error]).toEqual([404, QUOTE_MESSAGES.notFound]);
  });

  it("revises a sent quote with 'Save quote': the next version supersedes it, which stays readable, and its link says so", async () => {
    const cookie = await deskCookie();
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    await post(cookie, id, {
      intent: "quote-create",
      "line-0-description": "Skip hire",
      "line-0-quantity": "1",
      "line-0-unit": "load",
      "line-0-price": "120",
    });
    const [v1] = await quotesOf(cookie, id);
    await post(cookie, id, { intent: "quote-send", quoteId: v1.id });
    const oldLink = await linkToken(v1.id);
    const revised = await post(cookie, id, {
      intent: "quote-save",
      quoteId: v1.id,
      ...filled(v1),
      "line-0-price": "110",
      validUntil: v1.validUntil,
      terms: v1.terms,
    });
    expect(bodyOf(revised)).toEqual({ ok: true, message: T.quoteRevised(v1.number, 2) });
    const [v2, old] = await quotesOf(cookie, id);
    expect(v2).toMatchObject({ number: v1.number, version: 2, state: "draft", supersedes: v1.id });
    expect(v2.totals.totalPence).toBe(13_200);
    // The old version is still there to read, as it was, labelled superseded.
    expect(old).toMatchObject({
      id: v1.id,
      version: 1,
      state: "superseded",
      lines: v1.lines,
      totals: v1.totals,
    });
    const again = await post(cookie, id, { intent: "quote-save", quoteId: v1.id, ...filled(v1) });
    expect([statusOf(again), bodyOf(again).error]).toEqual([409, QUOTE_MESSAGES.superseded]);
    // The customer's old link answers that it was replaced; the new version's link shows it.
    expect((await api.app.services.quotes.viewByLink(v1.id, oldLink)).message).toBe(
      QUOTE_MESSAGES.supersededCustomer,
    );
    await post(cookie, id, { intent: "quote-send", quoteId: v2.id });
    const shown = await api.app.services.quotes.viewByLink(v2.id, await linkToken(v2.id));
    expect(shown).toMatchObject({ version: 2, state: "sent", message: null });
    expect(shown.totals.totalPence).toBe(13_200);
  });

  it("keeps an amount discount and an archived service's link when a quote is edited on the screen", async () => {
    const cookie = await deskCookie();
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/pipeline/services",
      headers: bearer(api.token),
      payload: { name: "Tanker load", unit: "load", unitPricePence: 25_000 },
    });
    const service = res.json().data as { id: string };
    const { id } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const created = await api.app.inject({
      method: "POST",
      url: `/api/admin/enquiries/${id}/quotes`,
      headers: bearer(api.token),
      payload: {
        lines: [
          {
            serviceId: service.id,
            description: "Tanker load",
            quantityThousandths: 1000,
            unit: "load",
            unitPricePence: 25_000,
          },
        ],
        discount: { kind: "amount", pence: 2500 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await api.app.inject({
      method: "PUT",
      url: `/api/admin/pipeline/services/${service.id}`,
      headers: bearer(api.token),
      payload: {
        name: "Tanker load",
        unit: "load",
        unitPricePence: 25_000,
        vatRate: "standard",
        archived: true,
      },
    });
    const [draft] = await quotesOf(cookie, id);
    const saved = await post(cookie, id, {
      intent: "quote-save",
      quoteId: draft.id,
      ...filled(draft),
      "line-0-service": service.id,
      "line-0-quantity": "2",
      discountAmount: "30.00",
    });
    expect(bodyOf(saved)).toEqual({ ok: true, message: T.quoteSaved(draft.number) });
    const [edited] = await quotesOf(cookie, id);
    expect(edited.discount).toEqual({ kind: "amount", pence: 3000 });
    expect(edited.lines).toMatchObject([{ serviceId: service.id, quantityThousandths: 2000 }]);
    // A new quote cannot take the archived service.
    const fresh = await post(cookie, id, {
      intent: "quote-create",
      "line-0-service": service.id,
      "line-0-quantity": "1",
    });
    expect([statusOf(fresh), bodyOf(fresh).error]).toEqual([400, QUOTE_MESSAGES.unknownService]);
  });
});
