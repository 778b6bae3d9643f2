import { SPAM_MESSAGES } from "@common/admin-messages";
import { ENQUIRY_RETRY } from "@common/leads/enquiries";
import { ENQUIRY_MESSAGES } from "@common/leads/enquiry-messages";
import { FORM_TOKEN_FIELD } from "@common/leads/spam-fields";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { VALID_CONTACT } from "../../../server/test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import { takeDatabaseDown } from "../../../server/test/outage";
import { enquiryAction } from "./enquiry-action.server";

/** The contact form's route action, as React Router calls it for a browser's form post. */
describe.each(TEST_DATABASES)("the enquiry forms' route action (%s)", (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app?.close());

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const request = new Request("http://localhost/contact/2", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin: "http://localhost", ...headers },
    });
    // As the pages' handler makes it: the client's key and the browser's headers from the request.
    const context = loadContext(app.services, {
      nonce: "",
      ip: "10.40.0.1",
      header: (name) => request.headers.get(name) ?? undefined,
    });
    return enquiryAction("contact", request, context, "contact-enquiry");
  };
  const row = async (name: string) =>
    (await app.db.select().from(enquiries).where(sql`${enquiries.fields}->>'name' = ${name}`))[0];
  const answer = (result: unknown) => result as { data: Record<string, unknown>; init: ResponseInit };

  it("sends a valid post to the page with the reference alone: no detail in the URL", async () => {
    const name = `Action ${kind} ${Date.now()}`;
    const token = await app.services.spam.issueToken(Date.now() - 1_500); // sent quickly, by a person
    const res = (await post({ ...VALID_CONTACT, name, [FORM_TOKEN_FIELD]: token })) as Response;
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/contact\/2\?sent=FO-[0-9A-F]{8}#contact-enquiry$/);
    for (const value of Object.values({ ...VALID_CONTACT, name })) expect(location).not.toContain(value);
    expect((await row(name)).status).toBe("new");
  });

  it("refuses a wrong post with every field's message in the form's order, keeping what was typed", async () => {
    const result = answer(await post({ name: "Kept", company: "", phone: "1", [FORM_TOKEN_FIELD]: "t.1" }));
    expect(result.init.status).toBe(400);
    expect(result.data.values).toEqual({ name: "Kept", email: "", company: "", phone: "1", message: "" });
    expect(Object.entries(result.data.fieldErrors as object)).toEqual([
      ["email", "Email field is empty"],
      ["company", "Company field is empty"],
      ["message", "Message field is empty"],
    ]);
    expect(result.data.token).toBe("t.1");
  });

  it("files a post to the site's form without a token as Spam, with that reason", async () => {
    const name = `Tokenless ${kind} ${Date.now()}`;
    const res = (await post({ ...VALID_CONTACT, name })) as Response;
    expect(res.status).toBe(303); // answered like any other
    const stored = await row(name);
    expect(stored.status).toBe("spam");
    expect(stored.spamReasons).toContain(SPAM_MESSAGES.noToken);
  });

  it("answers 503 with Retry-After while the database is away, keeping every value, nothing stored", async () => {
    const name = `Away ${kind} ${Date.now()}`;
    const token = await app.services.spam.issueToken(Date.now() - 30_000);
    const bringBack = await takeDatabaseDown(app, kind);
    let result: ReturnType<typeof answer>;
    try {
      result = answer(await post({ ...VALID_CONTACT, name, [FORM_TOKEN_FIELD]: token }));
    } finally {
      await bringBack();
    }
    expect(result.init.status).toBe(503);
    expect(new Headers(result.init.headers).get("retry-after")).toBe(String(ENQUIRY_RETRY.afterSeconds));
    expect(result.data.notSent).toBe(ENQUIRY_MESSAGES.notSent);
    expect(result.data.values).toEqual({ ...VALID_CONTACT, name });
    expect(await row(name)).toBeUndefined();
  });
});
