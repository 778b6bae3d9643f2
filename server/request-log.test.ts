import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { bearer, signIn } from "./test/content";
import { openTestDatabase, TEST_DATABASES, testConfig } from "./test/harness";

/**
 * Request log lines name the route's pattern, never the path or query string a request used:
 * those carry invitation tokens and e-mail addresses (inbox search), which no log may keep.
 */
describe.each(TEST_DATABASES)("request log lines on %s", (kind) => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
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
      .filter((entry) => entry.msg === "incoming request")
      .map((entry) => `${entry.req.method} ${entry.req.url}`);
    expect(urls).toEqual(["POST /api/admin/invites/:token", "GET /api/admin/enquiries", "GET /api/*"]);
  });
});
