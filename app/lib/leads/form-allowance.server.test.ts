import { ENQUIRY_MESSAGES } from "@common/leads/enquiry-messages";
import { QUOTE_STATE_COOKIE } from "@common/leads/quote-state";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "../../../server/db/schema";
import { enquiryAllowances } from "../../../server/pages/enquiry-allowance";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT, VALID_TANKERING } from "../../../server/test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import { action as quoteAction } from "../../routes/quote";
import { formPageHeaders } from "../form-page-headers";
import { enquiryAction } from "./enquiry-action.server";

const PER_HOUR = 2;

/** What React Router is given by an action: a Response (redirect) or data() with its init. */
type Answer = { data?: Record<string, unknown>; init?: ResponseInit } | Response;
const statusOf = (answer: Answer) =>
  answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
const headersOf = (answer: Answer) =>
  answer instanceof Response ? answer.headers : new Headers(answer.init?.headers);
const dataOf = (answer: Answer) => (answer instanceof Response ? {} : (answer.data ?? {}));

/**
 * The forms sent without JavaScript over their hourly allowance (ENQUIRY_RATE_LIMIT, low here):
 * the form's page again, 429 with Retry-After, every value kept and the catalogue's words, nothing
 * stored; counted per client and form, a quote's steps not counted, only its send.
 */
describe.each(TEST_DATABASES)("a limited form post without JavaScript (%s)", (kind) => {
  let app: FastifyInstance;
  let allowance: ReturnType<typeof enquiryAllowances>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { ENQUIRY_RATE_LIMIT: String(PER_HOUR) });
    allowance = enquiryAllowances(app, PER_HOUR);
  });
  afterAll(() => app?.close());

  /** The route actions' context for a client, as the pages handler gives it (server/pages/pages.ts). */
  const contextFor = (ip: string) =>
    loadContext(app.services, {
      nonce: "",
      ip,
      // The limiter reads the client's address and the route's settings, as from Fastify's request.
      enquiryAllowance: allowance({ ip, routeOptions: { config: {} } } as unknown as FastifyRequest),
    });

  const postForm = (form: "contact" | "tankering", ip: string, fields: Record<string, string>) =>
    enquiryAction(
      form,
      new Request(`http://localhost/${form === "contact" ? "contact" : "services/2"}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      contextFor(ip),
      `${form}-enquiry`,
    ) as Promise<Answer>;
  const stored = async (name: string) =>
    (
      await app.db
        .select()
        .from(enquiries)
        .where(sql`coalesce(${enquiries.fields}->>'name', ${enquiries.fields}->'contact'->>'name') = ${name}`)
    ).length;

  it("answers the contact form's page with 429, Retry-After, every value kept and the catalogue's words", async () => {
    const ip = `10.41.${kind === "pglite" ? 1 : 2}.1`;
    const token = await app.services.spam.issueToken(Date.now() - 60_000);
    for (let sent = 0; sent < PER_HOUR; sent++) {
      const fields = {
        ...VALID_CONTACT,
        name: `Allowed ${kind} ${sent} ${Date.now()}`,
        [FORM_TOKEN_FIELD]: token,
      };
      expect(statusOf(await postForm("contact", ip, fields))).toBe(303);
    }
    const name = `Limited ${kind} ${Date.now()}`;
    const answer = await postForm("contact", ip, { ...VALID_CONTACT, name, [FORM_TOKEN_FIELD]: token });
    expect(statusOf(answer)).toBe(429);
    const wait = Number(headersOf(answer).get("retry-after"));
    expect(wait).toBeGreaterThan(60 * 60 - 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(dataOf(answer)).toEqual({
      values: { ...VALID_CONTACT, name },
      fieldErrors: {},
      token,
      source: "", // the page's lead source, kept for the next try (none was sent)
      notSent: ENQUIRY_MESSAGES.limited(wait),
    });
    expect(ENQUIRY_MESSAGES.limited(wait)).toContain("send it again in 60 minutes");
    expect(await stored(name)).toBe(0);
    // The page passes the wait on to the browser with itself.
    const headers = formPageHeaders({ actionHeaders: headersOf(answer), loaderHeaders: new Headers() });
    expect(headers.get("retry-after")).toBe(String(wait));

    // Counted per client and per form: another client, and this client's tankering form, still send.
    const other = { ...VALID_CONTACT, name: `Other client ${kind} ${Date.now()}` };
    expect(statusOf(await postForm("contact", `10.41.${kind === "pglite" ? 1 : 2}.2`, other))).toBe(303);
    const tanker = { ...VALID_TANKERING, name: `Tanker ${kind} ${Date.now()}` };
    expect(statusOf(await postForm("tankering", ip, tanker))).toBe(303);
  });

  it("counts a refused post too (as the API does), and tells the tankering form's page the same way", async () => {
    const ip = `10.42.${kind === "pglite" ? 1 : 2}.1`;
    for (let sent = 0; sent < PER_HOUR; sent++)
      expect(statusOf(await postForm("tankering", ip, { name: "Only a name" }))).toBe(400);
    const answer = await postForm("tankering", ip, { ...VALID_TANKERING });
    expect(statusOf(answer)).toBe(429);
    expect(dataOf(answer).values).toEqual(VALID_TANKERING);
    expect(dataOf(answer).notSent).toBe(
      ENQUIRY_MESSAGES.limited(Number(headersOf(answer).get("retry-after"))),
    );
  });

  it("counts a quote's sends, not its steps: the review step again with the answers kept and the message beside Submit", async () => {
    const ip = `10.43.${kind === "pglite" ? 1 : 2}.1`;
    const context = contextFor(ip);
    const post = (path: string, fields: Record<string, string>, state?: string) =>
      quoteAction({
        request: new Request(`http://localhost${path}`, {
          method: "POST",
          headers: state ? { cookie: `${QUOTE_STATE_COOKIE}=${state}` } : {},
          body: new URLSearchParams(fields),
        }),
        context,
        params: { "*": path.replace(/^\/quote\/?/, "") },
      } as never) as Promise<Answer>;
    const cookieOf = (answer: Answer) =>
      headersOf(answer)
        .get("set-cookie")
        ?.match(new RegExp(`${QUOTE_STATE_COOKIE}=([^;]*)`))?.[1];

    /** Steps 1-5, as many times as the allowance and more: none of them counts. */
    async function answerAll(name: string) {
      let state: string | undefined;
      const steps: Array<[string, Record<string, string>]> = [
        ["/quote", { businessType: "Farming" }],
        ["/quote/2", { wasteType: "Vegetable peelings" }],
        ["/quote/3", { frequency: "Weekly" }],
        ["/quote/4", { location: "PE1 5XG" }],
        ["/quote/5", { name, email: "limit@example.co.uk", phone: "01733 222 333" }],
      ];
      for (const [path, fields] of steps) {
        const answer = await post(path, { ...fields, intent: "next" }, state);
        expect(statusOf(answer)).toBe(303);
        state = cookieOf(answer);
      }
      return state as string;
    }

    const allowed = Array.from(
      { length: PER_HOUR },
      (_, sent) => `Quote allowed ${kind} ${sent} ${Date.now()}`,
    );
    for (const allowedName of allowed) {
      const state = await answerAll(allowedName);
      expect(statusOf(await post("/quote/6", { intent: "next" }, state))).toBe(303);
    }
    expect(await stored(allowed[0])).toBe(1);
    const name = `Quote limited ${kind} ${Date.now()}`;
    const state = await answerAll(name);
    const answer = await post("/quote/6", { intent: "next" }, state);
    expect(statusOf(answer)).toBe(429);
    const wait = Number(headersOf(answer).get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(dataOf(answer).errors).toEqual([{ field: "submit", message: ENQUIRY_MESSAGES.limited(wait) }]);
    expect((dataOf(answer).draft as { contact: { name: string } }).contact.name).toBe(name);
    // The cookie is left as it was: the answers are still there for a later send.
    expect(headersOf(answer).get("set-cookie")).toBeNull();
    expect(await stored(name)).toBe(0);
    // Previous from the review step is no send.
    expect(statusOf(await post("/quote/6", { intent: "previous" }, state))).toBe(303);
  });
});
