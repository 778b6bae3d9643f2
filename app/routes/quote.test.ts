import { enquiryReference } from "@common/leads/confirmation";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { QUOTE_MESSAGES } from "@common/leads/enquiry-messages";
import { QUOTE_STATE_COOKIE } from "@common/leads/quote-state";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy, proxyTrust, type TrustProxy } from "../../server/client-address";
import { loadContext } from "../../server/pages/load-context";
import { toFetchRequest } from "../../server/pages/pages";
import { buildTestApp, TEST_DATABASES } from "../../server/test/harness";
import { action, loader } from "./quote";

const SITE = "http://localhost";

/** What React Router throws or returns: a Response, or data() with its init. */
const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } } | null)?.init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as { data?: unknown } | null)?.data as Record<string, unknown>;
const headersOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.headers
    : new Headers((answer as { init?: { headers?: HeadersInit } }).init?.headers);

/** The state cookie a response sets ("" when it removes it; undefined when it sets none). */
function stateCookie(answer: unknown): string | undefined {
  const header = headersOf(answer).get("set-cookie");
  const match = header?.match(new RegExp(`${QUOTE_STATE_COOKIE}=([^;]*)`));
  return match ? match[1] : undefined;
}

async function settle(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}

const splat = (path: string) => path.replace(/^\/quote\/?/, "");

describe.each(TEST_DATABASES)("the quote wizard's steps sent without JavaScript, on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  let staff: string;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    context = loadContext(app.services, { nonce: "", ip: "192.0.2.40" });
    await app.services.accounts.create("quote-owner@example.co.uk", "quote-owner-password", "owner");
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: "quote-owner@example.co.uk", password: "quote-owner-password" },
    });
    staff = `${ADMIN_AUTH_COOKIE}=${login.json().auth}`;
  });
  afterAll(() => app?.close());

  const post = (path: string, fields: Record<string, string>, state?: string) =>
    settle(() =>
      action({
        request: new Request(`${SITE}${path}`, {
          method: "POST",
          headers: state ? { cookie: `${QUOTE_STATE_COOKIE}=${state}` } : {},
          body: new URLSearchParams(fields),
        }),
        context,
        params: { "*": splat(path) },
      } as never),
    );
  const get = (path: string, state?: string) =>
    settle(() =>
      loader({
        request: new Request(`${SITE}${path}`, {
          headers: state ? { cookie: `${QUOTE_STATE_COOKIE}=${state}` } : {},
        }),
        context,
        params: { "*": splat(path) },
      } as never),
    );

  async function inbox(name: string, status = "") {
    const res = await app.inject({
      url: `/api/admin/enquiries?q=${encodeURIComponent(name)}${status ? `&status=${status}` : ""}`,
      headers: { cookie: staff },
    });
    const rows = res.json().data as Array<{ _id: string; status: string }>;
    return rows.map((row) => ({ ...row, reference: enquiryReference(row._id) }));
  }

  /** Steps 1-5 answered, each redirected to the next: the state cookie after step 5. */
  async function answerAll(name: string, token: string) {
    let state: string | undefined;
    const steps: Array<[string, Record<string, string>, string]> = [
      ["/quote", { businessType: "Farming", [FORM_TOKEN_FIELD]: token }, "/quote/2"],
      ["/quote/2", { wasteType: "Vegetable peelings" }, "/quote/3"],
      ["/quote/3", { frequency: "Weekly", frequencyOther: "" }, "/quote/4"],
      ["/quote/4", { location: "pe1  5xg" }, "/quote/5"],
      ["/quote/5", { name, email: "quinn@example.co.uk", phone: "01733 222 333" }, "/quote/6"],
    ];
    for (const [path, fields, next] of steps) {
      const answer = await post(path, { ...fields, intent: "next" }, state);
      expect(statusOf(answer)).toBe(303);
      expect(headersOf(answer).get("location")).toBe(next);
      state = stateCookie(answer);
      expect(state).toBeTruthy();
    }
    return state as string;
  }

  it("walks the six steps by post, keeps every answer in the cookie, stores and mails the quote like the API", async () => {
    const name = `Quinn ${kind} ${Date.now()}`;
    const token = await app.services.spam.issueToken(Date.now() - 60_000);
    const state = await answerAll(name, token);
    const review = bodyOf(await get("/quote/6", state));
    expect(review.draft).toEqual({
      businessType: "Farming",
      wasteType: "Vegetable peelings",
      frequency: "Weekly",
      location: "PE1 5XG",
      contact: { name, email: "quinn@example.co.uk", phone: "01733 222 333" },
    });
    expect(headersOf(await get("/quote/6", state)).get("cache-control")).toBe("private, no-store");

    const sent = await post("/quote/6", { intent: "next", [HONEYPOT_FIELD]: "" }, state);
    expect(statusOf(sent)).toBe(303);
    expect(headersOf(sent).get("location")).toBe("/quote/6");
    // The success screen shows the reference once; the cookie goes with it.
    const success = await get("/quote/6", stateCookie(sent));
    const [stored] = await inbox(name);
    expect(stored.status).toBe("new");
    expect(bodyOf(success)).toEqual({ draft: null, sent: stored.reference });
    expect(stateCookie(success)).toBe("");
    // The office's mail is queued with it (the outbox delivers it).
    const detail = await app.inject({
      url: `/api/admin/enquiries/${stored._id}`,
      headers: { cookie: staff },
    });
    expect(detail.json().data.mail).toBeTruthy();
  });

  it("refuses an unanswered step with each message beside its field, in SPEC's order, and keeps what was typed", async () => {
    const first = await post("/quote", { intent: "next" });
    expect(statusOf(first)).toBe(400);
    expect(bodyOf(first).errors).toEqual([{ field: "businessType", message: QUOTE_MESSAGES.businessType }]);

    const token = await app.services.spam.issueToken();
    const state = await answerAll(`Refused ${kind}`, token);
    const contact = await post("/quote/5", { intent: "next", name: "Ann", email: "", phone: "" }, state);
    expect(statusOf(contact)).toBe(400);
    expect(bodyOf(contact).errors).toEqual([
      { field: "email", message: QUOTE_MESSAGES.email },
      { field: "phone", message: QUOTE_MESSAGES.phone },
    ]);
    expect((bodyOf(contact).draft as { contact: { name: string } }).contact.name).toBe("Ann");
  });

  it("sends a step to the first one left unanswered, and step 3 without a waste type back to step 2", async () => {
    const skipped = await post("/quote/4", { intent: "next", location: "PE1 5XG" });
    expect(statusOf(skipped)).toBe(303);
    expect(headersOf(skipped).get("location")).toBe("/quote");
    const onlyFirst = stateCookie(await post("/quote", { intent: "next", businessType: "Council" }));
    const third = await get("/quote/3", onlyFirst);
    expect(statusOf(third)).toBe(302);
    expect(headersOf(third).get("location")).toBe("/quote/2");
  });

  it("goes back with Previous keeping the step's typed answer unchecked", async () => {
    const state = stateCookie(await post("/quote", { intent: "next", businessType: "Council" }));
    const back = await post("/quote/2", { intent: "previous", wasteType: "Half-typed" }, state);
    expect(statusOf(back)).toBe(303);
    expect(headersOf(back).get("location")).toBe("/quote");
    const kept = bodyOf(await get("/quote", stateCookie(back))).draft as {
      wasteType: string;
      businessType: string;
    };
    expect(kept).toMatchObject({ businessType: "Council", wasteType: "Half-typed" });
    const home = await post(
      "/quote",
      { intent: "previous", businessTypeOther: "Brewery" },
      stateCookie(back),
    );
    expect(headersOf(home).get("location")).toBe("/");
  });

  it("ignores and removes a tampered cookie; a visitor without one gets the page everyone gets", async () => {
    const state = stateCookie(await post("/quote", { intent: "next", businessType: "Council" })) as string;
    const tampered = `${state.slice(0, 5)}${state[5] === "A" ? "B" : "A"}${state.slice(6)}`;
    const answer = await get("/quote/2", tampered);
    expect(bodyOf(answer)).toEqual({ draft: null });
    expect(stateCookie(answer)).toBe("");
    const anyone = await get("/quote/2");
    expect(bodyOf(anyone)).toEqual({ draft: null });
    expect(headersOf(anyone).get("set-cookie")).toBeNull();
  });

  it("keeps nothing of the visitor readable in the cookie; any altered part restarts the wizard, never a 5xx", async () => {
    const name = `Cipher ${kind} ${Date.now()}`;
    const state = await answerAll(name, await app.services.spam.issueToken(Date.now() - 60_000));
    const readable = [
      state,
      ...state.split(".").map((part) => Buffer.from(part, "base64url").toString("latin1")),
    ];
    for (const answer of [name, "quinn@example.co.uk", "quinn", "01733 222 333", "PE1 5XG", "Vegetable"])
      for (const text of readable) expect(text.toLowerCase()).not.toContain(answer.toLowerCase());
    const parts = state.split(".");
    for (const i of [0, 1, 2]) {
      const part = parts[i];
      const tampered = parts.map((p, j) => (j === i ? `${part[0] === "A" ? "B" : "A"}${part.slice(1)}` : p));
      // Step 6 sent with it: back to step 1, nothing stored.
      const sent = await post("/quote/6", { intent: "next" }, tampered.join("."));
      expect(statusOf(sent)).toBe(303);
      expect(headersOf(sent).get("location")).toBe("/quote");
      const page = await get("/quote/5", tampered.join("."));
      expect(statusOf(page)).toBe(200);
      expect(bodyOf(page)).toEqual({ draft: null });
    }
    expect(await inbox(name)).toEqual([]);
    expect(await inbox(name, "spam")).toEqual([]);
  });

  it("keeps a quote with the honeypot filled as Spam, never mailed, with the same success screen", async () => {
    const name = `Trapped ${kind} ${Date.now()}`;
    const state = await answerAll(name, await app.services.spam.issueToken(Date.now() - 60_000));
    const sent = await post("/quote/6", { intent: "next", [HONEYPOT_FIELD]: "bot-filled" }, state);
    expect(headersOf(sent).get("location")).toBe("/quote/6");
    expect(await inbox(name)).toEqual([]);
    const [held] = await inbox(name, "spam");
    expect(bodyOf(await get("/quote/6", stateCookie(sent))).sent).toBe(held.reference);
  });

  it("scores the quote as the site's form: without the page's token (or with only its placeholder) it is Spam", async () => {
    for (const token of ["", FORM_TOKEN_PLACEHOLDER]) {
      const name = `Tokenless ${kind} ${token.length} ${Date.now()}`;
      const state = await answerAll(name, token);
      const sent = await post("/quote/6", { intent: "next" }, state);
      expect(headersOf(sent).get("location")).toBe("/quote/6");
      expect(await inbox(name)).toEqual([]);
      expect(await inbox(name, "spam")).toHaveLength(1);
    }
  });

  it("sends a quote missing answers (the cookie expired) back to the first step left unanswered", async () => {
    const answer = await post("/quote/6", { intent: "next" });
    expect(statusOf(answer)).toBe(303);
    expect(headersOf(answer).get("location")).toBe("/quote");
  });

  it("marks the cookie Secure whenever the site is served over TLS: SITE_URL, or a trusted proxy's X-Forwarded-Proto", async () => {
    // The pages' own way from Fastify to React Router (server/pages/pages.ts), behind TRUST_PROXY=1.
    const server = Fastify({ trustProxy: proxyTrust(parseTrustProxy("1") as TrustProxy) });
    server.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "buffer" },
      (_r, body, done) => done(null, body),
    );
    server.post("/quote/*", async (request, reply) => {
      const answer = await settle(() =>
        action({
          request: toFetchRequest(request, reply),
          // As the pages' handler makes it: TLS from the request's protocol (a trusted proxy's too).
          context: loadContext(app.services, { nonce: "", ip: request.ip, protocol: request.protocol }),
          params: { "*": "2" },
        } as never),
      );
      return reply.status(statusOf(answer)).header("set-cookie", headersOf(answer).get("set-cookie")).send();
    });
    try {
      const step = (headers: Record<string, string>, remoteAddress: string) =>
        server.inject({
          method: "POST",
          url: "/quote/2",
          remoteAddress,
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          payload: "intent=previous&wasteType=Sludge",
        });
      const cookieOf = (response: { headers: Record<string, unknown> }) =>
        String(response.headers["set-cookie"]);
      const viaProxy = await step(
        { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.7" },
        "127.0.0.1",
      );
      expect(viaProxy.statusCode).toBe(303);
      expect(cookieOf(viaProxy)).toMatch(
        new RegExp(`^${QUOTE_STATE_COOKIE}=[^;]+;.*; HttpOnly; SameSite=Lax; Secure$`),
      );
      // Plain HTTP, and a client that is no proxy claiming https: not Secure (SITE_URL is http here).
      for (const [headers, peer] of [
        [{}, "127.0.0.1"],
        [{ "x-forwarded-proto": "https" }, "203.0.113.9"],
      ] as const) {
        const plain = await step(headers, peer);
        expect(plain.statusCode).toBe(303);
        expect(cookieOf(plain)).toMatch(/; HttpOnly; SameSite=Lax$/);
      }
    } finally {
      await server.close();
    }
  });

  it("lets the scripts take the answers over: 'forget' removes the cookie", async () => {
    const state = stateCookie(await post("/quote", { intent: "next", businessType: "Council" }));
    const forgot = await post("/quote", { intent: "forget" }, state);
    expect(stateCookie(forgot)).toBe("");
  });
});
