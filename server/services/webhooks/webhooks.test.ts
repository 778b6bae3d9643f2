import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FORM_TOKEN_FIELD } from "../../../common/leads/spam";
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from "../../../common/webhooks/webhooks";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { isPrivateAddress } from "../../outbox/webhooks/address";
import { createWebhookSender } from "../../outbox/webhooks/sender";
import { ADMIN, bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A real receiver on 127.0.0.1: records each request and answers as `answer` says. */
async function receiver() {
  const received: Received[] = [];
  let answer: (path: string) => { status: number; body?: string; location?: string } = () => ({
    status: 200,
    body: "ok",
  });
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ headers: request.headers, body, path });
      const a = answer(path);
      response.writeHead(a.status, a.location ? { location: a.location } : {});
      response.end(a.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    base,
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("webhook addresses", () => {
  it("refuses private, loopback, link-local, unique-local and metadata addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "not an address",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe.each(TEST_DATABASES)("webhooks on %s", (kind) => {
  const signed = signedInApp(kind, { WEBHOOK_ALLOW_PRIVATE: "1", ENQUIRY_RATE_LIMIT: "1000" });
  let hook: Awaited<ReturnType<typeof receiver>>;
  const headers = () => bearer(signed.token);
  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    signed.app.inject({ method, url, headers: headers(), payload });
  const deliver = (at?: Date) => signed.app.services.webhookSender.deliverDue(at);
  let ip = 0;
  async function contact(message: string) {
    const token = await signed.app.services.spam.issueToken(Date.now() - 20_000);
    const res = await signed.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...VALID_CONTACT, message, [FORM_TOKEN_FIELD]: token },
      remoteAddress: `10.77.${++ip}.1`,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await signed.app.services.enquiries.list({ q: message.slice(0, 40) }).then((p) => p.data);
    return row._id;
  }
  async function addEndpoint(path: string, events: string[] = ["enquiry.created"]) {
    const res = await api("POST", "/api/admin/integrations", { url: `${hook.base}${path}`, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; secret: string; url: string };
  }

  beforeAll(async () => {
    hook = await receiver();
  });
  afterAll(() => hook.close());
  beforeEach(async () => {
    hook.received.length = 0;
    hook.answer(() => ({ status: 200, body: "ok" }));
    await signed.app.db.delete(webhookEndpoints);
  });

  it("signs a new enquiry to the Standard Webhooks specification and delivers it once", async () => {
    const endpoint = await addEndpoint("/crm");
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The secret is shown once: never in the list.
    const listed = await api("GET", "/api/admin/integrations");
    expect(listed.body).not.toContain(endpoint.secret);
    const id = await contact("webhook signed: weekly food waste from our cafe");
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    const verified = new Webhook(endpoint.secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe("enquiry.created");
    // The enquiry as the REST API shows it.
    const shown = (await api("GET", `/api/admin/enquiries?q=${encodeURIComponent("webhook signed")}`)).json()
      .data[0];
    expect(verified.data).toMatchObject({ _id: id, kind: "contact", status: "new", fields: shown.fields });
    expect(Object.keys(verified.data).sort()).toEqual(Object.keys(shown).sort());
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another key, not ours").toString("base64")}`).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).toThrow();
    const log = (await api("GET", `/api/admin/integrations/${endpoint.id}/deliveries`)).json().data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ state: "sent", status: 200, attempts: 1, responseBody: "ok" });
  });

  it("retries after a 500 with backoff, and sends status changes and assignments", async () => {
    const endpoint = await addEndpoint("/flaky", [
      "enquiry.created",
      "enquiry.status_changed",
      "enquiry.assigned",
    ]);
    hook.answer(() => ({ status: 500, body: "x".repeat(5000) }));
    const id = await contact("webhook retried: a quote for grease trap waste");
    expect(await deliver()).toBe(0);
    expect(hook.received).toHaveLength(1);
    // Not due again at once: the backoff.
    expect(await deliver()).toBe(0);
    expect(hook.received).toHaveLength(1);
    let [row] = await signed.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ state: "pending", attempts: 1, lastStatus: 500 });
    expect(row.responseBody).toHaveLength(WEBHOOK_LIMITS.keptBody);
    hook.answer(() => ({ status: 204 }));
    expect(await deliver(new Date(Date.now() + 60_000))).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1].headers["webhook-id"]).toBe(hook.received[0].headers["webhook-id"]);
    [row] = await signed.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ state: "sent", attempts: 2, lastStatus: 204 });

    const status = await api("PUT", `/api/admin/enquiries/${id}/status`, { status: "contacted" });
    expect(status.statusCode).toBe(200);
    expect(await deliver()).toBe(1);
    expect(JSON.parse(hook.received[2].body)).toMatchObject({
      type: "enquiry.status_changed",
      data: { _id: id, status: "contacted" },
    });
    const me = (await api("GET", "/api/admin/staff")).json().data.accounts[0].id;
    expect((await api("PUT", `/api/admin/enquiries/${id}/assignee`, { assignee: me })).statusCode).toBe(200);
    expect(await deliver()).toBe(1);
    expect(JSON.parse(hook.received[3].body).type).toBe("enquiry.assigned");
  });

  it("is sent by one sender at a time, and after a crash by another once the lease lapses", async () => {
    await addEndpoint("/cluster");
    hook.answer(() => ({ status: 200 }));
    await contact("webhook cluster: two workers, one delivery");
    await contact("webhook cluster: a second enquiry");
    const policy = { allowPrivate: true, allowHttp: false };
    const { keyring } = signed.app.services;
    const [a, b] = [
      createWebhookSender(signed.app.db, policy, { keyring }),
      createWebhookSender(signed.app.db, policy, { keyring }),
    ];
    const sent = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(hook.received).toHaveLength(2);
    // A worker that claimed a delivery and died: nobody sends it until the lease lapses, then once.
    await contact("webhook cluster: claimed by a worker that crashed");
    await signed.app.db.execute(
      sql`update webhook_deliveries set attempts = attempts + 1, next_attempt_at = now() + interval '15 seconds' where state = 'pending'`,
    );
    expect(await a.deliverDue()).toBe(0);
    expect(await b.deliverDue(new Date(Date.now() + 16_000))).toBe(1);
    expect(await a.deliverDue(new Date(Date.now() + 16_000))).toBe(0);
    expect(hook.received).toHaveLength(3);
  });

  it("gives up 24 hours after the event", async () => {
    await addEndpoint("/down");
    hook.answer(() => ({ status: 503 }));
    await contact("webhook given up: collection of food waste");
    expect(await deliver()).toBe(0);
    expect(await deliver(new Date(Date.now() + WEBHOOK_LIMITS.retryForMs + 60_000))).toBe(0);
    const [row] = await signed.app.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: "failed", attempts: 2 });
  });

  it("disables an endpoint that answers 410 Gone", async () => {
    const endpoint = await addEndpoint("/gone");
    hook.answer(() => ({ status: 410 }));
    await contact("webhook gone: please quote for tankering");
    expect(await deliver()).toBe(0);
    const [stored] = await signed.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored).toMatchObject({ enabled: false, disabledReason: "gone" });
    await contact("webhook gone again: nothing more is queued");
    expect(await deliver(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(hook.received).toHaveLength(1);
    // 'Enable' turns it on again.
    const enabled = await api("PUT", `/api/admin/integrations/${endpoint.id}/enabled`, { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("sends only the id when an enquiry is erased, and clears the payloads it sent", async () => {
    await addEndpoint("/erase", ["enquiry.created", "enquiry.erased"]);
    const email = "erase.webhook@example.co.uk";
    const token = await signed.app.services.spam.issueToken(Date.now() - 20_000);
    await signed.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        ...VALID_CONTACT,
        email,
        message: "webhook erased: please remove me",
        [FORM_TOKEN_FIELD]: token,
      },
      remoteAddress: "10.78.0.1",
    });
    expect(await deliver()).toBe(1);
    const owner = await signed.app.services.accounts.findByEmail(ADMIN.email);
    expect(await signed.app.services.privacy.erase(email, { id: owner!.id, email: ADMIN.email })).toBe(1);
    expect(await deliver()).toBe(1);
    const body = JSON.parse(hook.received[1].body);
    expect(body.type).toBe("enquiry.erased");
    expect(Object.keys(body.data)).toEqual(["id"]);
    expect(hook.received[1].body).not.toContain(email);
    const rows = await signed.app.db.select().from(webhookDeliveries);
    const created = rows.find((r) => r.event === "enquiry.created");
    expect(created?.payload).toBeNull();
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it("sends a delivery queued in the same millisecond as the claim", async () => {
    await addEndpoint("/same-moment");
    await contact("webhook same moment: garden waste from our nursery");
    // The database stamps to the microsecond, this process's clock to the millisecond: a row
    // stamped 0.7 ms into the claim's millisecond is due (Date frozen, so the claim's clock is exact).
    const moment = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    await signed.app.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`${moment.toISOString()}::timestamptz + interval '700 microseconds'` });
    vi.useFakeTimers({ toFake: ["Date"], now: moment });
    try {
      expect(await deliver()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(hook.received).toHaveLength(1);
  });

  it("never sends spam; 'Not spam' sends enquiry.created then", async () => {
    await addEndpoint("/spam");
    const { id } = await signed.app.services.enquiries.submit("contact", VALID_CONTACT, { spam: true });
    expect(await deliver()).toBe(0);
    expect(hook.received).toHaveLength(0);
    const res = await api("PUT", `/api/admin/enquiries/${id}/status`, { status: "new" });
    expect(res.statusCode).toBe(200);
    expect(await deliver()).toBe(1);
    expect(JSON.parse(hook.received[0].body)).toMatchObject({ type: "enquiry.created", data: { _id: id } });
  });

  it("refuses a private address without the operator's setting, at add time and at send time", async () => {
    const refusing = await import("../../test/harness").then((h) =>
      h.buildTestApp(kind, { ENQUIRY_RATE_LIMIT: "1000" }),
    );
    try {
      for (const url of [`${hook.base}/private`, "http://10.0.0.5/hook", "https://169.254.169.254/latest"]) {
        const owner = { email: "owner@example.co.uk" };
        await expect(
          refusing.services.webhooks.add({ url, events: ["enquiry.created"] }, owner),
        ).rejects.toThrow(
          url.startsWith("http://10.") ? WEBHOOK_MESSAGES.httpNotAllowed : WEBHOOK_MESSAGES.privateAddress,
        );
      }
      expect(await refusing.db.select().from(webhookEndpoints)).toHaveLength(0);
      // Stored while allowed, sent after the setting was turned off: refused at send time.
      await refusing.db
        .insert(webhookEndpoints)
        .values({ url: `${hook.base}/private`, events: ["enquiry.created"], secret: "whsec_AAAA" });
      await refusing.services.enquiries.submit("contact", VALID_CONTACT);
      expect(await refusing.services.webhookSender.deliverDue()).toBe(0);
      expect(hook.received).toHaveLength(0);
      const [row] = await refusing.db.select().from(webhookDeliveries);
      expect(row.lastError).toBe(WEBHOOK_MESSAGES.privateAddress);
      // A host name is resolved and every address checked: one private address refuses it.
      const sender = createWebhookSender(
        refusing.db,
        { allowPrivate: false, allowHttp: false },
        {
          keyring: refusing.services.keyring,
          resolve: async () => [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.1", family: 4 },
          ],
        },
      );
      await refusing.db.update(webhookEndpoints).set({ url: "https://rebind.example.com/hook" });
      expect(await sender.deliverDue(new Date(Date.now() + 3_600_000))).toBe(0);
      const [again] = await refusing.db.select().from(webhookDeliveries);
      expect(again.lastError).toBe(WEBHOOK_MESSAGES.privateAddress);
    } finally {
      await refusing.close();
    }
  });

  it("keeps the delivery log 30 days", async () => {
    const endpoint = await addEndpoint("/old");
    const day = 86_400_000;
    await signed.app.db.insert(webhookDeliveries).values([
      {
        endpointId: endpoint.id,
        messageId: "msg_old",
        event: "webhook.test",
        state: "sent",
        createdAt: new Date(Date.now() - 31 * day),
      },
      {
        endpointId: endpoint.id,
        messageId: "msg_new",
        event: "webhook.test",
        state: "sent",
        createdAt: new Date(Date.now() - 29 * day),
      },
    ]);
    expect(await signed.app.services.webhooks.prune()).toBe(1);
    const left = await signed.app.db.select().from(webhookDeliveries);
    expect(left.map((row) => row.messageId)).toEqual(["msg_new"]);
  });

  it("never follows a redirect", async () => {
    await addEndpoint("/moved");
    hook.answer((path) =>
      path === "/moved" ? { status: 307, location: `${hook.base}/elsewhere` } : { status: 200 },
    );
    await contact("webhook redirect: food waste bins");
    expect(await deliver()).toBe(0);
    expect(hook.received.map((r) => r.path)).toEqual(["/moved"]);
    const [row] = await signed.app.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: "pending", lastStatus: 307 });
  });

  it("sends a test event and sends a delivery again with the same webhook-id", async () => {
    const endpoint = await addEndpoint("/test");
    const test = await api("POST", `/api/admin/integrations/${endpoint.id}/test`);
    expect(test.statusCode).toBe(201);
    expect(await deliver()).toBe(1);
    expect(JSON.parse(hook.received[0].body).type).toBe("webhook.test");
    const again = await api(
      "POST",
      `/api/admin/integrations/${endpoint.id}/deliveries/${test.json().data.id}/resend`,
    );
    expect(again.statusCode).toBe(201);
    expect(await deliver()).toBe(1);
    expect(hook.received[1].headers["webhook-id"]).toBe(hook.received[0].headers["webhook-id"]);
    // Rotating: the old secret no longer verifies.
    const rotated = await api("POST", `/api/admin/integrations/${endpoint.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secret).not.toBe(endpoint.secret);
    await api("POST", `/api/admin/integrations/${endpoint.id}/test`);
    expect(await deliver()).toBe(1);
    const last = hook.received[2];
    const h = {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    };
    expect(() => new Webhook(endpoint.secret).verify(last.body, h)).toThrow();
    expect(() => new Webhook(rotated.json().data.secret).verify(last.body, h)).not.toThrow();
    expect((await api("DELETE", `/api/admin/integrations/${endpoint.id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/admin/integrations/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });

  it("answers 400 to an invalid endpoint and changes nothing", async () => {
    for (const payload of [
      {},
      { url: "not a url", events: ["enquiry.created"] },
      { url: "ftp://example.com/x", events: ["enquiry.created"] },
      { url: "http://example.com/hook", events: ["enquiry.created"] },
      { url: "https://user:pw@example.com/hook", events: ["enquiry.created"] },
      { url: "https://example.com/hook", events: [] },
      { url: "https://example.com/hook", events: ["enquiry.deleted"] },
      { url: `https://example.com/${"a".repeat(WEBHOOK_LIMITS.url)}`, events: ["enquiry.created"] },
    ]) {
      const res = await api("POST", "/api/admin/integrations", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status).toBe("Error");
    }
    expect(await signed.app.db.select().from(webhookEndpoints)).toHaveLength(0);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await api("PUT", `/api/admin/integrations/${missing}/enabled`, { enabled: "yes" })).statusCode,
    ).toBe(400);
    expect((await api("DELETE", `/api/admin/integrations/${missing}`)).statusCode).toBe(404);
  });

  it("keeps at most 20 endpoints", async () => {
    for (let i = 0; i < WEBHOOK_LIMITS.endpoints; i++) await addEndpoint(`/n${i}`);
    const res = await api("POST", "/api/admin/integrations", {
      url: `${hook.base}/one-more`,
      events: ["enquiry.created"],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
  });

  it("is for the Owner only: Desk and Editor get 403", async () => {
    for (const role of ["desk", "editor"] as const) {
      const token = await signInAs(signed.app, role);
      for (const [method, url] of [
        ["GET", "/api/admin/integrations"],
        ["POST", "/api/admin/integrations"],
      ] as const) {
        const res = await signed.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: method === "POST" ? { url: `${hook.base}/x`, events: ["enquiry.created"] } : undefined,
        });
        expect(res.statusCode, `${role} ${method}`).toBe(403);
      }
    }
    expect(await signed.app.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it("documents each event's payload in the OpenAPI document, and counts deliveries in /metrics", async () => {
    const doc = (await signed.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.openapi).toMatch(/^3\.1/);
    // Every event an endpoint may choose is documented (the quote's and the stage's of issue 49 too).
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENTS]);
    const created = doc.webhooks["enquiry.created"].post.requestBody.content["application/json"];
    expect(created.example.type).toBe("enquiry.created");
    expect(created.schema.properties.data.properties._id).toBeDefined();
    expect(doc.paths["/api/admin/integrations"].post).toBeDefined();
    const metrics = await signed.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(metrics.body).toMatch(/^webhooks_delivered_total \d+/m);
    expect(metrics.body).toMatch(/^webhook_failures_total \d+/m);
    expect(metrics.body).toMatch(/^webhook_pending_deliveries \d+/m);
  });
});
