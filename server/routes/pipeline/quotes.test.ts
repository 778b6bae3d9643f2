import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatQuoteNumber, quoteYear } from "../../../common/pipeline/money";
import { DEFAULT_QUOTE_TERMS, QUOTE_MESSAGES } from "../../../common/pipeline/quotes";
import { ROLE_MESSAGES } from "../../../common/staff/roles";
import { auditEvents, enquiries, mailOutbox, quotes } from "../../db/schema";
import { ADMIN, bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const LINES = [
  {
    description: "Food waste collection (240 l bin)",
    quantityThousandths: 4000,
    unit: "collection",
    unitPricePence: 1850,
  },
  { description: "Depackaging", quantityThousandths: 1500, unit: "tonne", unitPricePence: 3333 },
  {
    description: "Compost (zero-rated)",
    quantityThousandths: 1000,
    unit: "load",
    unitPricePence: 10_000,
    vatRate: "zero",
  },
];

/** Priced quotes through the REST API: the price list, versions, sending and the customer's link, on both databases. */
describe.each(TEST_DATABASES)("priced quotes on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  let editor: string;
  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
    editor = await signInAs(api.app, "editor");
  });
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = desk) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const customer = (url: string, payload: object, ip = "203.0.113.9") =>
    api.app.inject({ method: "POST", url, payload, remoteAddress: ip });
  const newEnquiry = async () => (await api.app.services.enquiries.submit("contact", VALID_CONTACT)).id;
  const draft = async (enquiryId: string, body: object = { lines: LINES }) => {
    const res = await call("POST", `/api/admin/enquiries/${enquiryId}/quotes`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  /** The link mailed to the customer for the quote: its token. */
  async function linkToken(quoteId: string): Promise<string> {
    const rows = await api.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quote"));
    const mail = rows.find((r) => r.message?.text.includes(`/quotes/${quoteId}/`));
    const match = mail?.message?.text.match(new RegExp(`/quotes/${quoteId}/([A-Za-z0-9_-]{43})`));
    if (!match?.[1]) throw new Error("no link mailed");
    return match[1];
  }
  const enquiry = async (id: string) => (await call("GET", `/api/admin/enquiries/${id}`)).json().data;

  it("drafts a numbered quote with its totals worked out once (lines rounded, VAT per rate)", async () => {
    const id = await newEnquiry();
    const quote = await draft(id);
    expect(quote.number).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(quote.number.slice(2, 6)).toBe(String(quoteYear(Date.now())));
    expect(quote).toMatchObject({ version: 1, state: "draft", supersedes: null, terms: DEFAULT_QUOTE_TERMS });
    // 4 × £18.50 = £74.00; 1.5 × £33.33 = £49.995 → £50.00; £100.00 zero-rated
    expect(quote.lines.map((l: { netPence: number }) => l.netPence)).toEqual([7400, 5000, 10_000]);
    expect(quote.totals).toEqual({
      subtotalPence: 22_400,
      discountPence: 0,
      netPence: 22_400,
      vatPence: 2480,
      totalPence: 24_880,
      rates: [
        { rate: "standard", netPence: 12_400, vatPence: 2480 },
        { rate: "zero", netPence: 10_000, vatPence: 0 },
      ],
    });
    const second = await draft(await newEnquiry(), {
      lines: LINES.slice(0, 1),
      discount: { kind: "percent", basisPoints: 1000 },
    });
    const [, year, seq] = quote.number.split("-");
    expect(second.number).toBe(formatQuoteNumber(Number(year), Number(seq) + 1));
    expect(second.totals).toMatchObject({
      subtotalPence: 7400,
      discountPence: 740,
      vatPence: 1332,
      totalPence: 7992,
    });
    expect((await enquiry(id)).timeline[0]).toMatchObject({
      type: "quote",
      data: { action: "drafted", number: quote.number },
    });
  });

  it("refuses bad content with the catalogue's message, and the Editor; nothing is stored", async () => {
    const id = await newEnquiry();
    const cases: Array<[object, string]> = [
      [{ lines: [] }, QUOTE_MESSAGES.noLines],
      [{ lines: [{ ...LINES[0], quantityThousandths: 0 }] }, QUOTE_MESSAGES.quantity],
      [{ lines: [{ ...LINES[0], quantityThousandths: 1.5 }] }, QUOTE_MESSAGES.quantity],
      [{ lines: [{ ...LINES[0], unitPricePence: 12.5 }] }, QUOTE_MESSAGES.unitPrice],
      [{ lines: [{ ...LINES[0], unit: "bag" }] }, QUOTE_MESSAGES.unit],
      [{ lines: [{ ...LINES[0], description: " " }] }, QUOTE_MESSAGES.description],
      [{ lines: LINES, discount: { kind: "amount", pence: 1_000_000 } }, QUOTE_MESSAGES.discount],
      [{ lines: LINES, discount: { kind: "percent", basisPoints: 10_001 } }, QUOTE_MESSAGES.discount],
      [{ lines: LINES, validUntil: "2020-01-01" }, QUOTE_MESSAGES.validUntil],
      [{ lines: LINES, validUntil: "soon" }, QUOTE_MESSAGES.validUntil],
      [
        { lines: [{ ...LINES[0], serviceId: "5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01" }] },
        QUOTE_MESSAGES.unknownService,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", `/api/admin/enquiries/${id}/quotes`, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    const refused = await call("POST", `/api/admin/enquiries/${id}/quotes`, { lines: LINES }, editor);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ROLE_MESSAGES.forbidden("enquiries")]);
    expect((await call("GET", `/api/admin/enquiries/${id}/quotes`, undefined, editor)).statusCode).toBe(403);
    expect(await api.app.db.select().from(quotes).where(eq(quotes.enquiryId, id))).toEqual([]);
    const spam = (await api.app.services.enquiries.submit("contact", VALID_CONTACT, { spam: true })).id;
    const spamQuote = await call("POST", `/api/admin/enquiries/${spam}/quotes`, { lines: LINES });
    expect([spamQuote.statusCode, spamQuote.json().message]).toEqual([409, QUOTE_MESSAGES.spam]);
  });

  it("sends: the customer is mailed a link for this version, the enquiry moves to Quoted; the customer accepts and it is Won with the total", async () => {
    const id = await newEnquiry();
    await call("PUT", `/api/admin/enquiries/${id}/stage`, { stage: "contacted" });
    const quote = await draft(id);
    const sent = await call("POST", `/api/admin/quotes/${quote.id}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ state: "sent" });
    expect((await enquiry(id)).stage).toBe("quoted");
    const [mail] = await api.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, id)));
    expect(mail.message?.to).toBe(VALID_CONTACT.email);
    expect(mail.message?.text).toContain("Total: £248.80");
    const again = await call("POST", `/api/admin/quotes/${quote.id}/send`);
    expect([again.statusCode, again.json().message]).toEqual([409, QUOTE_MESSAGES.notDraft]);

    const token = await linkToken(quote.id);
    const seen = await customer(`/api/quotes/${quote.id}/view`, { token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      number: quote.number,
      state: "sent",
      message: null,
      acceptedBy: null,
    });
    expect(seen.json().data).not.toHaveProperty("enquiryId");
    const wrong = await customer(`/api/quotes/${quote.id}/view`, { token: "A".repeat(43) });
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, QUOTE_MESSAGES.linkRefused]);

    const noTick = await customer(`/api/quotes/${quote.id}/accept`, { token, name: "Jane Visitor" });
    expect([noTick.statusCode, noTick.json().message]).toEqual([400, QUOTE_MESSAGES.acceptRequired]);
    const noName = await customer(`/api/quotes/${quote.id}/accept`, { token, name: " ", accept: true });
    expect([noName.statusCode, noName.json().message]).toEqual([400, QUOTE_MESSAGES.nameRequired]);

    const accepted = await customer(`/api/quotes/${quote.id}/accept`, {
      token,
      name: "Jane Visitor",
      accept: "on",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      state: "accepted",
      acceptedBy: "Jane Visitor",
      message: QUOTE_MESSAGES.answeredAccepted,
    });
    const record = (await call("GET", `/api/admin/quotes/${quote.id}`)).json().data;
    expect(record.acceptance).toMatchObject({ name: "Jane Visitor", address: "203.0.113.9", version: 1 });
    expect(Date.parse(record.acceptance.at)).toBeGreaterThan(Date.now() - 60_000);
    const won = await enquiry(id);
    expect(won).toMatchObject({ stage: "won", status: "closed", pipeline: { wonPence: 24_880 } });
    const office = await api.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, id)));
    expect(office.some((m) => m.message?.subject === QUOTE_MESSAGES.acceptedSubject(quote.number, 1))).toBe(
      true,
    );

    const twice = await customer(`/api/quotes/${quote.id}/accept`, {
      token,
      name: "Jane Visitor",
      accept: true,
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, QUOTE_MESSAGES.answeredAccepted]);
    const decline = await customer(`/api/quotes/${quote.id}/decline`, { token });
    expect([decline.statusCode, decline.json().message]).toEqual([409, QUOTE_MESSAGES.answeredAccepted]);
    const revise = await call("PUT", `/api/admin/quotes/${quote.id}`, { lines: LINES });
    expect([revise.statusCode, revise.json().message]).toEqual([409, QUOTE_MESSAGES.accepted]);
  });

  it("revises: the new version supersedes the old, which stays readable and whose link is refused", async () => {
    const id = await newEnquiry();
    const first = await draft(id);
    // A draft is changed in place.
    const changed = await call("PUT", `/api/admin/quotes/${first.id}`, { lines: LINES.slice(0, 2) });
    expect(changed.json().data).toMatchObject({
      id: first.id,
      version: 1,
      totals: { subtotalPence: 12_400 },
    });
    await call("POST", `/api/admin/quotes/${first.id}/send`);
    const oldToken = await linkToken(first.id);
    const revised = await call("PUT", `/api/admin/quotes/${first.id}`, {
      lines: LINES.slice(0, 1),
      discount: { kind: "amount", pence: 400 },
    });
    expect(revised.statusCode).toBe(200);
    const second = revised.json().data;
    expect(second).toMatchObject({ number: first.number, version: 2, supersedes: first.id, state: "draft" });
    const old = (await call("GET", `/api/admin/quotes/${first.id}`)).json().data;
    expect(old).toMatchObject({ state: "superseded", totals: { subtotalPence: 12_400 } });
    const oldLink = await customer(`/api/quotes/${first.id}/accept`, {
      token: oldToken,
      name: "Jane",
      accept: true,
    });
    expect([oldLink.statusCode, oldLink.json().message]).toEqual([409, QUOTE_MESSAGES.supersededCustomer]);
    const readable = await customer(`/api/quotes/${first.id}/view`, { token: oldToken });
    expect(readable.json().data).toMatchObject({
      state: "superseded",
      message: QUOTE_MESSAGES.supersededCustomer,
    });
    const again = await call("PUT", `/api/admin/quotes/${first.id}`, { lines: LINES });
    expect([again.statusCode, again.json().message]).toEqual([409, QUOTE_MESSAGES.superseded]);
    // The new version's own link, and a decline with a reason.
    await call("POST", `/api/admin/quotes/${second.id}/send`);
    const token = await linkToken(second.id);
    expect((await customer(`/api/quotes/${first.id}/view`, { token })).statusCode).toBe(404);
    const declined = await customer(`/api/quotes/${second.id}/decline`, { token, reason: "Too dear" });
    expect(declined.json().data).toMatchObject({
      state: "declined",
      message: QUOTE_MESSAGES.answeredDeclined,
    });
    expect((await call("GET", `/api/admin/quotes/${second.id}`)).json().data.declineReason).toBe("Too dear");
    const list = (await call("GET", `/api/admin/enquiries/${id}/quotes`)).json().data;
    expect(list.map((q: { version: number; state: string }) => [q.version, q.state])).toEqual([
      [2, "declined"],
      [1, "superseded"],
    ]);
  });

  it("refuses an expired quote with a clear message", async () => {
    const id = await newEnquiry();
    const quote = await draft(id);
    await call("POST", `/api/admin/quotes/${quote.id}/send`);
    const token = await linkToken(quote.id);
    await api.app.db.update(quotes).set({ validUntil: "2020-01-31" }).where(eq(quotes.id, quote.id));
    const expired = await customer(`/api/quotes/${quote.id}/accept`, { token, name: "Jane", accept: true });
    expect([expired.statusCode, expired.json().message]).toEqual([409, QUOTE_MESSAGES.expiredCustomer]);
    expect((await call("GET", `/api/admin/quotes/${quote.id}`)).json().data.state).toBe("expired");
    expect((await enquiry(id)).stage).toBe("quoted");
  });

  it("the price list: Desk reads it, only the Owner writes it (audited)", async () => {
    const service = { name: "Food waste collection", unit: "collection", unitPricePence: 1850 };
    const byDesk = await call("POST", "/api/admin/pipeline/services", service);
    expect([byDesk.statusCode, byDesk.json().message]).toEqual([
      403,
      ROLE_MESSAGES.forbidden("pipeline-settings"),
    ]);
    const added = await call("POST", "/api/admin/pipeline/services", service, api.token);
    expect(added.statusCode).toBe(201);
    const made = added.json().data;
    expect(made).toMatchObject({ ...service, vatRate: "standard", archived: false });
    const bad = await call(
      "POST",
      "/api/admin/pipeline/services",
      { ...service, unitPricePence: 18.5 },
      api.token,
    );
    expect([bad.statusCode, bad.json().message]).toEqual([400, QUOTE_MESSAGES.unitPrice]);
    expect(
      (await call("GET", "/api/admin/pipeline/services")).json().data.map((s: { id: string }) => s.id),
    ).toContain(made.id);
    const quote = await draft(await newEnquiry(), { lines: [{ ...LINES[0], serviceId: made.id }] });
    expect(quote.lines[0].serviceId).toBe(made.id);
    const archived = await call(
      "PUT",
      `/api/admin/pipeline/services/${made.id}`,
      { ...service, archived: true },
      api.token,
    );
    expect(archived.json().data.archived).toBe(true);
    expect(
      (await call("GET", "/api/admin/pipeline/services")).json().data.map((s: { id: string }) => s.id),
    ).not.toContain(made.id);
    const audits = await api.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "price_list_changed"));
    expect(audits.map((a) => a.targetLabel)).toEqual(
      expect.arrayContaining([`Added ${service.name}`, `Changed ${service.name}`]),
    );
  });

  it("erasing the visitor clears the quote's personal fields and keeps its numbers", async () => {
    const id = await newEnquiry();
    const quote = await draft(id);
    await call("POST", `/api/admin/quotes/${quote.id}/send`);
    const token = await linkToken(quote.id);
    await customer(`/api/quotes/${quote.id}/accept`, { token, name: "Jane Visitor", accept: true });
    const owner = await api.app.services.accounts.findByEmail(ADMIN.email);
    // The visitor's export holds their quotes and what they gave them.
    const exported = await api.app.services.privacy.exportJson(VALID_CONTACT.email);
    expect(exported.find((e) => e._id === id)?.quotes).toEqual([
      expect.objectContaining({
        number: quote.number,
        version: 1,
        state: "accepted",
        totalPence: 24_880,
        sentTo: VALID_CONTACT.email,
        acceptedName: "Jane Visitor",
        acceptedAddress: "203.0.113.9",
      }),
    ]);
    await api.app.services.privacy.erase(VALID_CONTACT.email, { id: owner.id, email: owner.email });
    const [row] = await api.app.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({
      number: quote.number,
      version: 1,
      state: "accepted",
      totalPence: 24_880,
      acceptedVersion: 1,
      recipient: null,
      acceptedName: null,
      acceptedAddress: null,
      tokenHash: null,
    });
    const [enq] = await api.app.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(enq.wonPence).toBe(24_880);
    const after = await call("POST", `/api/admin/enquiries/${id}/quotes`, { lines: LINES });
    expect([after.statusCode, after.json().message]).toEqual([409, QUOTE_MESSAGES.erased]);
  });

  it("/metrics counts the quotes sent, accepted and declined, and the answers refused", async () => {
    const read = async () => {
      const body = (await api.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" }))
        .body;
      const n = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(body)?.[1]);
      return {
        sent: n("quotes_sent_total"),
        accepted: n("quotes_accepted_total"),
        declined: n("quotes_declined_total"),
        refused: n("quote_answers_refused_total"),
      };
    };
    const before = await read();
    // Each series is there (a missing one would read NaN, which toEqual takes as equal).
    expect(Object.values(before).every(Number.isInteger)).toBe(true);
    const accepted = await draft(await newEnquiry());
    await call("POST", `/api/admin/quotes/${accepted.id}/send`);
    const acceptToken = await linkToken(accepted.id);
    const answer = { token: acceptToken, name: "Jane Visitor", accept: true };
    expect((await customer(`/api/quotes/${accepted.id}/accept`, answer)).statusCode).toBe(200);
    expect((await customer(`/api/quotes/${accepted.id}/accept`, answer)).statusCode).toBe(409);
    const declined = await draft(await newEnquiry());
    await call("POST", `/api/admin/quotes/${declined.id}/send`);
    const declineToken = await linkToken(declined.id);
    expect((await customer(`/api/quotes/${declined.id}/decline`, { token: declineToken })).statusCode).toBe(
      200,
    );
    expect(await read()).toEqual({
      sent: before.sent + 2,
      accepted: before.accepted + 1,
      declined: before.declined + 1,
      refused: before.refused + 1,
    });
  });
});
