import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as pdfLoader } from "../../../app/routes/quote-link-pdf";
import { QUOTE_MESSAGES } from "../../../common/pipeline/quotes";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { mailOutbox } from "../../db/schema";
import { loadContext } from "../../pages/load-context";
import { bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { pdfText } from "../../test/pdf-text";
import { signedInApp, signInAs } from "../../test/signed-in";

const LINES = [
  {
    description: "Food waste collection",
    quantityThousandths: 4000,
    unit: "collection",
    unitPricePence: 1850,
  },
  {
    description: "Depackaging",
    quantityThousandths: 1500,
    unit: "tonne",
    unitPricePence: 3333,
  },
  {
    description: "Compost",
    quantityThousandths: 1000,
    unit: "load",
    unitPricePence: 10_000,
    vatRate: "zero",
  },
];

/** The quote's PDF (issue 49): the desk's by the API, the customer's only by the signed link, on both databases. */
describe.each(TEST_DATABASES)("the quote's PDF on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  let editor: string;
  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    editor = await signInAs(api.app, "editor");
  });
  const call = (method: "GET" | "POST", url: string, payload?: object, token = desk) =>
    api.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  /** A sent quote with a 10% discount and a zero-rated line, its mail and its link's token. */
  async function sentQuote() {
    const { id: enquiryId } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const created = await call("POST", `/api/admin/enquiries/${enquiryId}/quotes`, {
      lines: LINES,
      discount: { kind: "percent", basisPoints: 1000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json().data;
    expect((await call("POST", `/api/admin/quotes/${quote.id}/send`)).statusCode).toBe(200);
    const [mail] = await api.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, enquiryId)));
    const text = mail?.message?.text ?? "";
    const token = text.match(new RegExp(`/quotes/${quote.id}/([A-Za-z0-9_-]{43})`))?.[1] ?? "";
    return { quote, text, token };
  }

  it("gives the desk the PDF with the mail's figures, line by line and row by row", async () => {
    const { quote, text } = await sentQuote();
    const res = await call("GET", `/api/admin/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${quote.number}-v1.pdf"`);
    expect(res.headers["cache-control"]).toContain("no-store");
    const pdf = pdfText(res.rawPayload);
    expect(pdf).toContain(`Quote ${quote.number}`);
    expect(pdf.some((t) => t.startsWith("Version 1 · Sent · Valid until "))).toBe(true);
    // The mail's rows ('Subtotal: £224.00' … 'Total: £241.92') are the PDF's, label and amount.
    const rows = text
      .split("\n")
      .filter((l) => /^(Subtotal|Discount \(|VAT at 20% on|Zero-rated on|Total)[^:]*: -?£[\d,.]+$/.test(l));
    expect(rows).toEqual([
      "Subtotal: £224.00",
      "Discount (10%): -£22.40",
      "VAT at 20% on £111.60: £22.32",
      "Zero-rated on £90.00: £0.00",
      "Total: £223.92",
    ]);
    for (const row of rows) {
      const [label, amount] = row.split(": ");
      expect(pdf).toContain(label);
      expect(pdf).toContain(amount);
    }
    expect(pdf).toContain("£18.50 per collection");
    expect(pdf).toContain(quote.terms.split(" ").slice(0, 3).join(" ").length ? "Terms" : "");
  });

  it("gives a draft's PDF to the desk, refuses the Editor and an unknown or malformed id", async () => {
    const { id: enquiryId } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const draft = (
      await call("POST", `/api/admin/enquiries/${enquiryId}/quotes`, {
        lines: LINES,
      })
    ).json().data;
    const own = await call("GET", `/api/admin/quotes/${draft.id}/pdf`);
    expect([own.statusCode, own.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect(pdfText(own.rawPayload).some((t) => t.includes("Draft"))).toBe(true);
    const refused = await call("GET", `/api/admin/quotes/${draft.id}/pdf`, undefined, editor);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ROLE_MESSAGES.forbidden("enquiries")]);
    const unknown = await call("GET", "/api/admin/quotes/5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01/pdf");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, QUOTE_MESSAGES.notFound]);
    expect((await call("GET", "/api/admin/quotes/nope/pdf")).statusCode).toBe(400);
    const anonymous = await api.app.inject({
      method: "GET",
      url: `/api/admin/quotes/${draft.id}/pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the customer the PDF only by the signed link, by the API and by the page's link", async () => {
    const { quote, token } = await sentQuote();
    const customer = (payload: object) =>
      api.app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/pdf`,
        payload,
        remoteAddress: "203.0.113.9",
      });
    const ok = await customer({ token });
    expect([ok.statusCode, ok.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect(pdfText(ok.rawPayload)).toContain(`Quote ${quote.number}`);
    for (const wrong of [{ token: "A".repeat(43) }, { token: "" }]) {
      const res = await customer(wrong);
      expect([res.statusCode, res.json().message]).toEqual([404, QUOTE_MESSAGES.linkRefused]);
    }
    expect((await customer({})).statusCode).toBe(400);

    // The page's link: /quotes/<id>/<token>/pdf.
    const context = loadContext(api.app.services, {
      nonce: "",
      ip: "198.51.100.7",
    });
    const route = (id: string, t: string) =>
      pdfLoader({
        params: { id, token: t },
        context,
        request: new Request("http://localhost/"),
      } as never);
    const page = await route(quote.id, token);
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(pdfText(Buffer.from(await page.arrayBuffer()))).toContain(`Quote ${quote.number}`);
    const other = await route(quote.id, "B".repeat(43));
    expect([other.status, await other.text()]).toEqual([404, QUOTE_MESSAGES.linkRefused]);
    const notAnId = await route("nope", token);
    expect(notAnId.status).toBe(404);
  });
});
