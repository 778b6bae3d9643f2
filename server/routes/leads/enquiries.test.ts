import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryReference } from "../../../common/leads/confirmation";
import { ENQUIRY_LIMITS, HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import {
  CONTACT_MESSAGES,
  ENQUIRY_MESSAGES,
  QUOTE_MESSAGES,
  TANKERING_MESSAGES,
} from "../../../common/leads/enquiry-messages";
import { signIn } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING, withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

/** A body as the site's form sends it (with a form token: without one an enquiry is Spam). */
const post = async (app: FastifyInstance, url: string, payload: unknown, ip = "10.0.0.1") =>
  app.inject({
    method: "POST",
    url,
    payload: isObject(payload) ? await withFormToken(app, payload) : (payload as object),
    remoteAddress: ip,
  });

const isObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each form, its fields in the order they are checked, with the message for a missing one. */
const FORMS = [
  {
    url: "/api/contact",
    valid: VALID_CONTACT as Record<string, unknown>,
    order: [
      ["name", CONTACT_MESSAGES.name],
      ["email", CONTACT_MESSAGES.email],
      ["company", CONTACT_MESSAGES.company],
      ["phone", CONTACT_MESSAGES.phone],
      ["message", CONTACT_MESSAGES.message],
    ],
  },
  {
    url: "/api/tankering",
    valid: VALID_TANKERING as Record<string, unknown>,
    order: [
      ["name", TANKERING_MESSAGES.name],
      ["email", TANKERING_MESSAGES.email],
      ["frequency", TANKERING_MESSAGES.frequency],
      ["phone", TANKERING_MESSAGES.phone],
      ["message", TANKERING_MESSAGES.message],
    ],
  },
  {
    url: "/api/quote",
    valid: VALID_QUOTE as Record<string, unknown>,
    order: [
      ["businessType", QUOTE_MESSAGES.businessType],
      ["wasteType", QUOTE_MESSAGES.wasteType],
      ["frequency", QUOTE_MESSAGES.frequency],
      ["location", QUOTE_MESSAGES.location],
      ["contact", QUOTE_MESSAGES.name],
    ],
  },
] as const;

describe.each(TEST_DATABASES)("enquiry API on %s", (kind) => {
  let app: FastifyInstance;
  let auth: string;
  let ipCounter = 0;
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    app = await buildTestApp(kind, { ENQUIRY_RATE_LIMIT: "3" });
    await app.ready();
    auth = `Bearer ${await signIn(app)}`;
  });
  afterAll(() => app.close());

  const listed = async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/enquiries",
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{
      _id: string;
      kind: string;
      fields: Record<string, unknown>;
      createdAt: string;
      mail: { state: string; attempts: number };
    }>;
  };

  describe.each(FORMS)("$url", ({ url, valid, order }) => {
    it("stores a valid enquiry with its pending mail and answers 201 Created", async () => {
      const before = (await listed()).length;
      const res = await post(app, url, valid, freshIp());
      expect(res.statusCode).toBe(201);
      const list = await listed();
      expect(res.json()).toEqual({ status: "Created", reference: enquiryReference(list[0]._id) });
      expect(list).toHaveLength(before + 1);
      expect(list[0].kind).toBe(url.slice(5));
      expect(list[0].mail).toEqual({ state: "pending", attempts: 0 });
      expect(Number.isNaN(Date.parse(list[0].createdAt))).toBe(false);
    });

    it("refuses each missing field with its own message, in the form's order", async () => {
      for (let i = 0; i < order.length; i++) {
        // Drop this field and every later one: the message must be this field's.
        const body = Object.fromEntries(
          Object.entries(valid).filter(([k]) => !order.slice(i).some(([f]) => f === k)),
        );
        const res = await post(app, url, body, freshIp());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: "Error", message: order[i][1] });
        // A blank value counts as missing too.
        const blank = await post(app, url, { ...valid, [order[i][0]]: "   " }, freshIp());
        expect(blank.json().message).toBe(order[i][0] === "contact" ? QUOTE_MESSAGES.name : order[i][1]);
      }
    });

    it("refuses wrong types and oversized fields with a clear 400", async () => {
      const [first] = order[0];
      const wrong = await post(app, url, { ...valid, [first]: 42 }, freshIp());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/must be text/);
      const limit = ENQUIRY_LIMITS[first];
      const long = await post(app, url, { ...valid, [first]: "x".repeat(limit + 1) }, freshIp());
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(new RegExp(`at most ${limit} characters`));
      const array = await post(app, url, [valid], freshIp());
      expect(array.statusCode).toBe(400);
      expect(array.json()).toEqual({ status: "Error", message: ENQUIRY_MESSAGES.invalidBody });
    });

    it("answers malformed JSON and a huge body with 4xx JSON, never 5xx", async () => {
      const bad = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: '{"name": "Jane",',
        remoteAddress: freshIp(),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBe("Error");
      const huge = await post(app, url, { ...valid, message: "x".repeat(2 * 1024 * 1024) }, freshIp());
      expect(huge.statusCode).toBe(413);
      expect(huge.json().status).toBe("Error");
      const text = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "text/plain" },
        payload: "hi",
        remoteAddress: freshIp(),
      });
      expect(text.statusCode).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
    });

    it("answers a filled honeypot like a success and keeps it as spam, out of the inbox", async () => {
      const before = (await listed()).length;
      const res = await post(app, url, { ...valid, [HONEYPOT_FIELD]: "http://spam.example" }, freshIp());
      expect(res.statusCode).toBe(201);
      // A reference like any other: the bot learns nothing.
      expect(res.json()).toEqual({ status: "Created", reference: expect.stringMatching(/^FO-[0-9A-F]{8}$/) });
      expect(await listed()).toHaveLength(before);
      const spam = await app.inject({
        method: "GET",
        url: `/api/admin/enquiries?status=spam&kind=${url.slice(5)}`,
        headers: { authorization: auth },
      });
      expect(spam.json().data).toHaveLength(1);
      expect(spam.json().data[0]).toMatchObject({ status: "spam", mail: null });
    });

    it("rate-limits each client per form with a clear 429", async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await post(app, url, valid, ip)).statusCode).toBe(201);
      const limited = await post(app, url, valid, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        status: "Error",
        message: expect.stringMatching(/^Too many requests/),
      });
      // Another client is unaffected.
      expect((await post(app, url, valid, freshIp())).statusCode).toBe(201);
    });
  });

  it("keeps the rate limit separate per form", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await post(app, "/api/contact", VALID_CONTACT, ip);
    expect((await post(app, "/api/contact", VALID_CONTACT, ip)).statusCode).toBe(429);
    expect((await post(app, "/api/tankering", VALID_TANKERING, ip)).statusCode).toBe(201);
  });

  it("normalises the post code and stores every field", async () => {
    await post(app, "/api/quote", { ...VALID_QUOTE, extra: "dropped" }, freshIp());
    const [latest] = await listed();
    expect(latest.fields).toEqual({ ...VALID_QUOTE, location: "PE1 5XG" });
  });

  it("refuses a malformed post code and a malformed email after the required check", async () => {
    const res = await post(app, "/api/quote", { ...VALID_QUOTE, location: "12345" }, freshIp());
    expect(res.json()).toEqual({ status: "Error", message: ENQUIRY_MESSAGES.invalidPostCode });
    const email = await post(app, "/api/contact", { ...VALID_CONTACT, email: "jane at example" }, freshIp());
    expect(email.json()).toEqual({ status: "Error", message: ENQUIRY_MESSAGES.invalidEmail });
  });

  it("lists enquiries newest first only for a signed-in administrator", async () => {
    expect((await app.inject({ method: "GET", url: "/api/admin/enquiries" })).statusCode).toBe(401);
    const forged = await app.inject({
      method: "GET",
      url: "/api/admin/enquiries",
      headers: { authorization: "Bearer nope" },
    });
    expect(forged.statusCode).toBe(401);
    await post(app, "/api/tankering", { ...VALID_TANKERING, name: "Newest" }, freshIp());
    const list = await listed();
    expect(list[0].fields.name).toBe("Newest");
    const times = list.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
