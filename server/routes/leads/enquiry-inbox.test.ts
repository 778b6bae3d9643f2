import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import { mailOutbox } from "../../db/schema";
import { bearer, signIn } from "../../test/content";
import {
  insertContacts,
  VALID_CONTACT,
  VALID_QUOTE,
  VALID_TANKERING,
  withFormToken,
} from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { startSmtp } from "../../test/smtp";

interface Listed {
  _id: string;
  kind: string;
  status: string;
  statusChangedAt: string | null;
  createdAt: string;
  fields: Record<string, unknown>;
  mail: { state: string; attempts: number } | null;
}

describe.each(TEST_DATABASES)("enquiries inbox API on %s", (kind) => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let headers: Record<string, string>;
  let ip = 0;
  const tag = `T${Date.now()}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await buildTestApp(kind, { ENQUIRY_RATE_LIMIT: "1000", SMTP_URL: smtp.url });
    await app.ready();
    headers = bearer(await signIn(app));
  });
  afterAll(async () => {
    await app.services.mail.stop();
    await app.close();
    await smtp.close();
  });

  const submit = async (url: string, payload: object) => {
    const body = await withFormToken(app, payload);
    const res = await app.inject({
      method: "POST",
      url,
      payload: body,
      remoteAddress: `10.9.0.${++ip % 250}`,
    });
    expect(res.statusCode).toBe(201);
  };
  const get = (url: string) => app.inject({ method: "GET", url, headers });
  const list = async (query = "") => {
    const res = await get(`/api/admin/enquiries${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; data: Listed[]; next: string | null; newer: string | null };
  };
  const newest = async () => (await list("?limit=1")).data[0];

  it("refuses every inbox call without a session", async () => {
    const id = randomUUID();
    const calls = [
      ["GET", "/api/admin/enquiries"],
      ["GET", "/api/admin/enquiries/export.csv"],
      ["GET", `/api/admin/enquiries/${id}`],
      ["PUT", `/api/admin/enquiries/${id}/status`],
      ["POST", `/api/admin/enquiries/${id}/retry-mail`],
    ] as const;
    for (const [method, url] of calls) {
      const res = await app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().status).toBe("Error");
    }
  });

  it("lists the API's shape newest first, with paging cursors, spam left out", async () => {
    await submit("/api/contact", { ...VALID_CONTACT, name: `${tag} Contact` });
    await submit("/api/quote", { ...VALID_QUOTE, contact: { ...VALID_QUOTE.contact, name: `${tag} Quote` } });
    await submit("/api/tankering", { ...VALID_TANKERING, name: `${tag} Spam`, [HONEYPOT_FIELD]: "x" });
    const body = await list();
    expect(body).toMatchObject({ status: "Ok", next: null, newer: null });
    expect(body.data.map((e) => e.fields.name ?? (e.fields.contact as { name: string }).name)).toEqual([
      `${tag} Quote`,
      `${tag} Contact`,
    ]);
    expect(body.data[0]).toMatchObject({
      kind: "quote",
      status: "new",
      statusChangedAt: null,
      mail: { state: "pending", attempts: 0 },
    });
  });

  it("keeps honeypot submissions as spam, never mailed, under the spam filter", async () => {
    const spam = (await list("?status=spam")).data;
    expect(spam).toHaveLength(1);
    expect(spam[0]).toMatchObject({ kind: "tankering", status: "spam", mail: null });
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.enquiryId, spam[0]._id))).toEqual([]);
    // A bot's invalid submission still gets its 201, and nothing is kept.
    await submit("/api/contact", { name: "bot", [HONEYPOT_FIELD]: "x" });
    expect((await list("?status=spam")).data).toHaveLength(1);
  });

  it("filters by kind and status and searches name, company, e-mail, post code and message", async () => {
    await submit("/api/contact", {
      ...VALID_CONTACT,
      name: `${tag} Searchable`,
      company: "Wisbech 100% Growers_Co",
      email: "grower@wisbech.example",
      message: "Pallets of cabbage leaves",
    });
    const names = async (query: string) =>
      (await list(query)).data.map(
        (e) => (e.fields.name ?? (e.fields.contact as { name: string }).name) as string,
      );
    expect(await names("?kind=quote")).toEqual([`${tag} Quote`]);
    expect(await names("?kind=tankering")).toEqual([]);
    expect(await names(`?status=new&kind=contact`)).toEqual([`${tag} Searchable`, `${tag} Contact`]);
    for (const q of ["searchable", "100%", "growers_co", "WISBECH.EXAMPLE", "cabbage"])
      expect(await names(`?q=${encodeURIComponent(q)}`), q).toEqual([`${tag} Searchable`]);
    // LIKE wildcards are taken literally; post codes match with or without the space.
    expect(await names(`?q=${encodeURIComponent("1_0%")}`)).toEqual([]);
    expect(await names("?q=pe15x")).toEqual([`${tag} Quote`]);
    expect(await names("?q=PE1%205XG&kind=quote")).toEqual([`${tag} Quote`]);
    expect(await names(`?q=${encodeURIComponent(`${tag} quote`)}`)).toEqual([`${tag} Quote`]);
    // An empty parameter means "not set", as a GET form sends it.
    expect((await list("?kind=&status=&q=")).data.length).toBe(3);
  });

  it("pages by keyset through rows with equal times, both ways, without gaps or repeats", async () => {
    await insertContacts(app.db, 23, { prefix: `${tag} Tie`, createdAt: new Date("2024-01-01T00:00:00Z") });
    const seen: string[] = [];
    const pages: Array<{ first: string; newer: string | null }> = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await list(
        `?q=${encodeURIComponent(`${tag} Tie`)}&limit=5${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.data.length).toBeGreaterThan(0);
      pages.push({ first: page.data[0]._id, newer: page.newer });
      seen.push(...page.data.map((e) => e._id));
      cursor = page.next;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(pages.map((p) => p.newer === null)).toEqual([true, false, false, false, false]);
    // "Newer" from the last page gives back the page before it.
    const back = await list(`?q=${encodeURIComponent(`${tag} Tie`)}&limit=5&cursor=${pages[4].newer}`);
    expect(back.data.map((e) => e._id)).toEqual(seen.slice(15, 20));
    expect(back.next).not.toBeNull();
    const first = await list(`?q=${encodeURIComponent(`${tag} Tie`)}&limit=5&cursor=${pages[1].newer}`);
    expect(first.data.map((e) => e._id)).toEqual(seen.slice(0, 5));
    expect(first.newer).toBeNull();
  });

  it.each([
    ["?kind=letter", INBOX_MESSAGES.invalidKind],
    ["?kind=quote&kind=contact", INBOX_MESSAGES.invalidKind],
    ["?status=archived", INBOX_MESSAGES.invalidStatusFilter],
    ["?limit=0", INBOX_MESSAGES.invalidLimit(500)],
    ["?limit=501", INBOX_MESSAGES.invalidLimit(500)],
    ["?limit=ten", INBOX_MESSAGES.invalidLimit(500)],
    ["?cursor=garbage", INBOX_MESSAGES.invalidCursor],
    ["?cursor=o123_not-a-uuid-at-all-but-36-chars-long", INBOX_MESSAGES.invalidCursor],
    [`?q=${"x".repeat(101)}`, INBOX_MESSAGES.searchTooLong(100)],
  ])("answers %s with a 400 and its message", async (query, message) => {
    for (const url of [`/api/admin/enquiries${query}`, `/api/admin/enquiries/export.csv${query}`]) {
      if (url.includes("export") && /cursor|limit/.test(query)) continue;
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ status: "Error", message });
    }
  });

  it("survives hostile search terms", async () => {
    for (const q of ["%00", "%5C", "'; drop table enquiries; --", "%F0%9F%98%80", "%ED%A0%80", "%E0"]) {
      const res = await get(`/api/admin/enquiries?q=${q}`);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(res.json().status, q).toBeTruthy();
    }
  });

  it("shows one enquiry with every field and its mail record; 400 for a malformed id, 404 unknown", async () => {
    const { _id } = await newest();
    const res = await get(`/api/admin/enquiries/${_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id,
      fields: { company: "Wisbech 100% Growers_Co", phone: VALID_CONTACT.phone },
      mail: { state: "pending", attempts: 0, lastError: null, sentAt: null },
    });
    expect(Date.parse(res.json().data.mail.nextAttemptAt)).not.toBeNaN();
    expect((await get("/api/admin/enquiries/not-a-uuid")).json()).toEqual({
      status: "Error",
      message: INBOX_MESSAGES.invalidId,
    });
    const unknown = await get(`/api/admin/enquiries/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INBOX_MESSAGES.notFound);
  });

  it("sets the status and keeps when it changed (only when it really changes)", async () => {
    const { _id } = await newest();
    const put = (id: string, payload: unknown) =>
      app.inject({
        method: "PUT",
        url: `/api/admin/enquiries/${id}/status`,
        headers,
        payload: payload as object,
      });
    const first = await put(_id, { status: "contacted" });
    expect(first.statusCode).toBe(200);
    const changedAt = first.json().data.statusChangedAt;
    expect(first.json().data.status).toBe("contacted");
    expect(Date.now() - Date.parse(changedAt)).toBeLessThan(60_000);
    expect((await put(_id, { status: "contacted" })).json().data.statusChangedAt).toBe(changedAt);
    expect((await list("?status=contacted")).data.map((e) => e._id)).toContain(_id);
    for (const body of [{ status: "spam" }, { status: "Closed" }, {}, [1], null]) {
      const res = await put(_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(INBOX_MESSAGES.invalidStatus);
    }
    expect((await put("nope", { status: "closed" })).statusCode).toBe(400);
    expect((await put(randomUUID(), { status: "closed" })).statusCode).toBe(404);
    // A spam enquiry rescued by staff joins the inbox.
    const [spam] = (await list("?status=spam")).data;
    expect((await put(spam._id, { status: "new" })).json().data.status).toBe("new");
    expect((await list("?status=spam")).data).toEqual([]);
  });

  it("retries a failed mail: back to pending, due now, then delivered", async () => {
    const { _id } = await newest();
    const retry = (id: string) =>
      app.inject({ method: "POST", url: `/api/admin/enquiries/${id}/retry-mail`, headers });
    const pending = await retry(_id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(INBOX_MESSAGES.retryNotFailed);
    await app.db
      .update(mailOutbox)
      .set({ state: "failed", attempts: 7, lastError: "550 mailbox unavailable", nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.enquiryId, _id));
    const res = await retry(_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mail).toMatchObject({ state: "pending", attempts: 7 });
    expect(Date.parse(res.json().data.mail.nextAttemptAt)).toBeGreaterThan(Date.now() - 60_000);
    await app.services.mail.deliverDue();
    const after = (await get(`/api/admin/enquiries/${_id}`)).json().data.mail;
    expect(after).toMatchObject({ state: "sent", lastError: null });
    expect(smtp.received.some((m) => m.raw.includes("Wisbech 100% Growers_Co"))).toBe(true);
    expect((await retry("nope")).statusCode).toBe(400);
    expect((await retry(randomUUID())).statusCode).toBe(404);
  });

  it("exports the filtered list as CSV: BOM, header, quoting, formula cells neutralised", async () => {
    await submit("/api/contact", {
      ...VALID_CONTACT,
      name: `${tag} Formula`,
      company: '=HYPERLINK("http://evil.example","Click")',
      message: 'Line one, "quoted"\nLine two',
      phone: "+44 1733 000111",
    });
    const res = await get(`/api/admin/enquiries/export.csv?q=${encodeURIComponent(`${tag} Formula`)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFFReference,Received (UK time),Kind,Status,")).toBe(true);
    const lines = res.body.split("\r\n");
    expect(lines).toHaveLength(3); // header, the enquiry (its message's own line break inside quotes), ""
    expect(lines[1]).toContain(`,Contact,New,,${tag} Formula,`);
    expect(lines[1]).toContain(`,'+44 1733 000111,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(lines[1]).toContain(',"Line one, ""quoted""\nLine two",pending,0');
  });

  it("streams a large export across pages, filters applied, spam left out", async () => {
    await insertContacts(app.db, 2100, { prefix: `${tag} Many` });
    await submit("/api/contact", { ...VALID_CONTACT, name: `${tag} Bot`, [HONEYPOT_FIELD]: "x" });
    const res = await get(
      `/api/admin/enquiries/export.csv?kind=contact&q=${encodeURIComponent(`${tag} Many`)}`,
    );
    const rows = res.body.trimEnd().split("\r\n");
    expect(rows).toHaveLength(2101);
    expect(new Set(rows.map((r) => r.split(",")[0])).size).toBe(2101);
    const all = await get("/api/admin/enquiries/export.csv");
    expect(all.body).not.toContain(`${tag} Bot`);
    expect(all.body).toContain(`${tag} Quote`);
  });
});
