import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENQUIRY_RETRY } from "../../../common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "../../../common/leads/enquiry-messages";
import { FORM_TOKEN_FIELD } from "../../../common/leads/spam";
import { enquiries } from "../../db/schema";
import { isDatabaseUnreachable } from "../../db/unreachable";
import { VALID_CONTACT, VALID_TANKERING } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { takeDatabaseDown } from "../../test/outage";

describe("database outages are recognised", () => {
  it("by the drivers' codes, SQLSTATEs and messages, through drizzle's wrapping", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("no connection"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("PGlite is closed"))).toBe(true);
    // A query the database refused is a bug, not an outage: it stays a 500.
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
  });
});

describe.each(TEST_DATABASES)("an enquiry while the database is away (%s)", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app?.close());

  const stored = async (name: string) =>
    (await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`)).length;

  it("is answered 503 with Retry-After and the plain 'not sent' message, nothing stored; sent again, it is kept", async () => {
    const token = await app.services.spam.issueToken(Date.now() - 30_000); // the page was served before
    const name = `Outage ${kind} ${Date.now()}`;
    const send = (url: string, body: object) =>
      app.inject({
        method: "POST",
        url,
        payload: { ...body, name, [FORM_TOKEN_FIELD]: token },
        headers: { origin: app.config.siteUrl },
      });
    const bringBack = await takeDatabaseDown(app, kind);
    let restored = false;
    try {
      for (const [url, body] of [
        ["/api/contact", VALID_CONTACT],
        ["/api/tankering", VALID_TANKERING],
      ] as const) {
        const res = await send(url, body);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers["retry-after"]).toBe(String(ENQUIRY_RETRY.afterSeconds));
        expect(res.json()).toEqual({ status: "Error", message: ENQUIRY_MESSAGES.notSent });
      }
      // The pages still get form tokens (served from the page cache): their key is the keyring's, not the database's.
      // Issued as for a page served 30 s before the enquiry below, as a person fills it in: sent at
      // once, the spam check's shortest fill would mark it, whatever the token.
      const issue = await app.services.spam.tokenIssuer();
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 30_000 });
      const served = issue();
      vi.useRealTimers();
      expect(served).toMatch(/^\d{13}\./);
      await bringBack();
      restored = true;
      expect(await stored(name)).toBe(0);
      const again = await send("/api/contact", VALID_CONTACT);
      expect(again.statusCode, again.body).toBe(201);
      const [row] = await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`);
      expect(row.status).toBe("new");
      // The token served during the outage is one of ours.
      const later = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { ...VALID_CONTACT, name: `${name} later`, [FORM_TOKEN_FIELD]: served },
        headers: { origin: app.config.siteUrl },
      });
      expect(later.statusCode).toBe(201);
      const [kept] = await app.db
        .select()
        .from(enquiries)
        .where(sql`${enquiries.fields}->>'name' = ${`${name} later`}`);
      expect(kept.status).toBe("new");
    } finally {
      if (!restored) await bringBack();
    }
  });
});
