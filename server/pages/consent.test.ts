import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_CONSENT_NAME } from "../../common/ui";
import { testConfig } from "../test/harness";
import { registerConsent } from "./consent";

// The cookie banner's form answer touches no database: one app, no database, serves every case.
const app = Fastify();
beforeAll(async () => {
  app.decorate("config", testConfig({ SITE_URL: "https://fenland.example" }));
  await registerConsent(app);
  await app.ready();
});
afterAll(() => app.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/consent",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
  });

describe("POST /consent (the cookie banner without JavaScript)", () => {
  it.each(["accepted", "rejected"])("stores %s for 150 days and returns to the same page", async (answer) => {
    const response = await post(`answer=${answer}&back=${encodeURIComponent("/about?search=digestion")}`, {
      origin: "https://fenland.example",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/about?search=digestion");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["set-cookie"]).toBe(
      `${COOKIE_CONSENT_NAME}=${answer}; Max-Age=12960000; Path=/; SameSite=Lax; Secure`,
    );
  });

  it.each([
    ["/.//evil.example", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example/x", "/"],
    ["\\\\evil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/./%2e%2e//evil.example", "/"],
    ["/../..//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["https://fenland.example/contact", "/contact"],
    ["/blog/caf\u00e9", "/blog/caf%C3%A9"],
    ["", "/"],
  ])("sends the visitor back to a path of this site only (%j → %s)", async (back, location) => {
    const response = await post(`answer=rejected&back=${encodeURIComponent(back)}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(location);
  });

  it("refuses an answer that is neither, and a post from another site, setting nothing", async () => {
    const wrong = await post("answer=maybe&back=/");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: "Error", message: "The answer must be accepted or rejected" });
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const foreign = await post("answer=accepted&back=/", { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers["set-cookie"]).toBeUndefined();
    const fetched = await post("answer=accepted&back=/", { "sec-fetch-site": "cross-site" });
    expect(fetched.statusCode).toBe(403);
  });
});
