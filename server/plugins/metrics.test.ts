import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/server-process.mjs";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { VALID_CONTACT, withFormToken } from "../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../test/harness";

const TOKEN = "metrics-token-0123456789";

describe.each(TEST_DATABASES)("GET /metrics (%s)", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // A mail server that is down: each delivery attempt fails.
    app = await buildTestApp(kind, {
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      AUTO_REPLY: "0", // only the office's notification is queued per enquiry
    });
  });
  afterAll(() => app.close());

  const scrape = (authorization?: string) =>
    app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

  it("refuses a scrape without the token, or with a wrong one", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape("Bearer not-the-token-at-all!")).statusCode).toBe(401);
  });

  it("exposes requests by route pattern, the outbox, mail, page cache and pool series", async () => {
    await app.inject({ url: "/api/blog/00000000-0000-4000-8000-000000000000" });
    await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: await withFormToken(app, VALID_CONTACT),
    });
    await app.services.mail.deliverDue();
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/blog\/:id",status="404"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/contact",status="201"\}/,
    );
    expect(text).not.toContain("00000000-0000");
    expect(text).toMatch(/^outbox_pending_messages 1$/m);
    expect(text).toMatch(/^outbox_oldest_pending_seconds \d/m);
    for (const series of [
      "mail_failures_total 1",
      "mail_sent_total 0",
      "page_cache_hit_ratio 0",
      "page_cache_hits_total 0",
    ])
      expect(text).toContain(`\n${series}\n`);
    if (kind === "postgres") expect(text).toMatch(/^db_pool_connections \d+$/m);
  });

  it("shows what waits and what failed in every lane of the outbox (the webhooks' too)", async () => {
    expect(app.services.mail.lanes.map((lane) => lane.name)).toEqual(["mail", "webhooks"]);
    // An endpoint the sender refuses at send time (plain http): each attempt fails and is retried.
    const [endpoint] = await app.db
      .insert(webhookEndpoints)
      .values({ url: "http://127.0.0.1:9/hook", events: ["enquiry.created"], secret: "whsec_AAAA" })
      .returning();
    await app.db.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      messageId: "msg_metrics",
      event: "enquiry.created",
      payload: { type: "enquiry.created" },
    });
    expect(await app.services.webhookSender.deliverDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the backlog is read at most once a second
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const lane of app.services.mail.lanes)
      for (const series of [lane.metrics.pending, lane.metrics.sent, lane.metrics.failed])
        expect(text).toMatch(new RegExp(`^${series.name} \\d+$`, "m"));
    for (const series of [
      "webhook_pending_deliveries 1",
      "webhooks_delivered_total 0",
      "webhook_failures_total 1",
    ])
      expect(text).toContain(`\n${series}\n`);
  });
});

describe("GET /metrics without a token", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp("pglite");
  });
  afterAll(() => app.close());

  it("answers a scraper on this machine only, never one behind a proxy", async () => {
    expect((await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" })).statusCode).toBe(401);
    const proxied = await app.inject({
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(401);
    // A local proxy that forwards without X-Forwarded-For still says so in another header.
    for (const header of ["x-real-ip", "x-forwarded-proto", "forwarded", "via"]) {
      const forwarded = await app.inject({
        url: "/metrics",
        remoteAddress: "127.0.0.1",
        headers: { [header]: "x" },
      });
      expect(forwarded.statusCode, header).toBe(401);
    }
  });

  it("needs the token whenever a proxy is declared (TRUST_PROXY), even for a headerless local request", async () => {
    const behindProxy = await buildTestApp("pglite", { TRUST_PROXY: "1" });
    try {
      const local = await behindProxy.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
      expect(local.statusCode).toBe(401);
      expect(local.json().message).toBe("Metrics need the METRICS_TOKEN bearer token");
    } finally {
      await behindProxy.close();
    }
  });
});
