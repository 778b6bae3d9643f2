import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_MESSAGES } from "../common/leads/privacy";
import { buildApp } from "./app";
import { bearer, signIn } from "./test/content";
import { VALID_CONTACT, withFormToken } from "./test/enquiry-fixtures";
import { capturedLog, openTestDatabase, TEST_DATABASES, testConfig } from "./test/harness";
import { signedInApp, signInAs } from "./test/signed-in";

/**
 * Request log lines name the route's pattern, never the path or query string a request used:
 * those carry invitation tokens and e-mail addresses (inbox search), which no log may keep.
 */
describe.each(TEST_DATABASES)("request log lines on %s", (kind) => {
  const { lines, stream } = capturedLog();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      database: await openTestDatabase(kind),
      logger: { level: "info", stream },
      redisKeyPrefix: `test-${randomUUID()}:`,
    });
    token = await signIn(app);
  });
  afterAll(() => app.close());

  it("carry the route pattern, with no token, e-mail address or query string", async () => {
    const inviteToken = randomBytes(32).toString("base64url");
    const email = "jane.secret@example.co.uk";
    lines.length = 0;
    const accept = await app.inject({
      method: "POST",
      url: `/api/admin/invites/${inviteToken}?from=${encodeURIComponent(email)}`,
      payload: { password: "a-long-enough-password" },
    });
    expect(accept.statusCode).toBe(404);
    const search = await app.inject({
      method: "GET",
      url: `/api/admin/enquiries?q=${encodeURIComponent(email)}`,
      headers: bearer(token),
    });
    expect(search.statusCode).toBe(200);
    const unknown = await app.inject({ method: "GET", url: `/api/nothing/${encodeURIComponent(email)}` });
    expect(unknown.statusCode).toBe(404);

    const log = lines.join("\n");
    for (const secret of [inviteToken, email, encodeURIComponent(email), "jane.secret", "?q=", "?from="])
      expect(log).not.toContain(secret);
    const urls = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === "request completed")
      .map((entry) => `${entry.req.method} ${entry.req.url} ${entry.res.statusCode}`);
    // One line a request, written when it is answered, with the request and its answer.
    expect(urls).toEqual([
      "POST /api/admin/invites/:token 404",
      "GET /api/admin/enquiries 200",
      "GET /api/* 404",
    ]);
  });
});

describe.each(TEST_DATABASES)("the privacy lookup on %s", (kind) => {
  const signed = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "1000" });

  it("is a POST with the address in its body: its enquiries without their fields; a bad address is a 400", async () => {
    const email = "private.visitor@example.co.uk";
    const sent = await signed.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: await withFormToken(signed.app, { ...VALID_CONTACT, email }),
    });
    expect(sent.statusCode).toBe(201);
    const lookup = (payload: object, token = signed.token) =>
      signed.app.inject({
        method: "POST",
        url: "/api/admin/privacy/lookup",
        headers: bearer(token),
        payload,
      });
    const found = await lookup({ email: ` ${email.toUpperCase()} ` });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      { _id: expect.any(String), kind: "contact", createdAt: expect.any(String), status: "new" },
    ]);
    const refused = await lookup({ email: "not an address" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PRIVACY_MESSAGES.emailInvalid);
    expect((await lookup({ email }, await signInAs(signed.app, "editor"))).statusCode).toBe(403);
    // There is no way to look an address up in a URL.
    const inUrl = await signed.app.inject({
      method: "GET",
      url: `/api/admin/privacy/lookup?email=${encodeURIComponent(email)}`,
      headers: bearer(signed.token),
    });
    expect(inUrl.statusCode).toBe(404);
  });
});
