import { QUOTE_MESSAGES } from "@common/pipeline/quotes";
import { STAGE_MESSAGES } from "@common/pipeline/stages";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { describe, expect, it } from "vitest";
import { PIPELINE_SCREEN_TEXTS as T } from "~/lib/pipeline/pipeline-texts";
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
});
