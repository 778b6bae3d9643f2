import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS } from "../../../common/audit";
import { auditEvents, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { ADMIN, bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";

/** A receiver's address whose path and query carry its own token (never copied to the record). */
const URL_WITH_TOKEN = "http://127.0.0.1:9/hooks/catch/T0KEN-in-path?key=s3cr3t-query";

/**
 * Webhook endpoints are on the record: adding, rotating the secret, disabling and enabling,
 * deleting, a test event and 'Send again' are each written to the activity record in the
 * transaction that makes the change (or queues the delivery), naming the endpoint by its
 * description and host — never its secret, path or query.
 */
describe.each(TEST_DATABASES)("webhook changes in the activity record on %s", (kind) => {
  const signed = signedInApp(kind, { WEBHOOK_ALLOW_PRIVATE: "1" });
  const app = () => signed.app;
  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    app().inject({ method, url, headers: bearer(signed.token), payload });
  const latest = async (action: string) => {
    const res = await api("GET", `/api/admin/audit?action=${action}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().events[0] as Record<string, string | null> | undefined;
  };
  const entries = async () => (await app().db.select().from(auditEvents)).length;

  it("records each change with who made it and which endpoint, never the secret or the URL's path", async () => {
    const added = await api("POST", "/api/admin/integrations", {
      url: URL_WITH_TOKEN,
      description: "CRM",
      events: ["enquiry.created"],
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id, secret } = added.json().data as { id: string; secret: string };
    const named = {
      action: "webhook_added",
      actorEmail: ADMIN.email,
      targetId: id,
      targetLabel: "CRM (127.0.0.1:9)",
    };
    expect(await latest("webhook_added")).toMatchObject(named);

    const rotated = await api("POST", `/api/admin/integrations/${id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(await latest("webhook_secret_rotated")).toMatchObject({
      ...named,
      action: "webhook_secret_rotated",
    });

    expect((await api("PUT", `/api/admin/integrations/${id}/enabled`, { enabled: false })).statusCode).toBe(
      200,
    );
    expect(await latest("webhook_disabled")).toMatchObject({ ...named, action: "webhook_disabled" });
    expect((await api("PUT", `/api/admin/integrations/${id}/enabled`, { enabled: true })).statusCode).toBe(
      200,
    );
    expect(await latest("webhook_enabled")).toMatchObject({ ...named, action: "webhook_enabled" });

    const tested = await api("POST", `/api/admin/integrations/${id}/test`);
    expect(tested.statusCode).toBe(201);
    expect(await latest("webhook_test_sent")).toMatchObject({ ...named, action: "webhook_test_sent" });
    const delivery = tested.json().data as { id: string; messageId: string };
    const resent = await api("POST", `/api/admin/integrations/${id}/deliveries/${delivery.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(await latest("webhook_resent")).toMatchObject({
      ...named,
      action: "webhook_resent",
      targetLabel: `CRM (127.0.0.1:9): webhook.test ${delivery.messageId}`,
    });

    expect((await api("DELETE", `/api/admin/integrations/${id}`)).statusCode).toBe(200);
    expect(await latest("webhook_deleted")).toMatchObject({ ...named, action: "webhook_deleted" });

    // Nothing secret reached the record: neither secret, nor the receiver's path or query.
    const record = JSON.stringify(await app().db.select().from(auditEvents));
    for (const hidden of [secret, rotated.json().data.secret, "whsec_", "T0KEN-in-path", "s3cr3t-query"])
      expect(record).not.toContain(hidden);
    // The screen and its filter have words for each.
    for (const action of ["webhook_added", "webhook_secret_rotated", "webhook_resent"] as const)
      expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
  });

  it("a refused change records nothing", async () => {
    const before = await entries();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await api("DELETE", `/api/admin/integrations/${unknown}`)).statusCode).toBe(404);
    expect((await api("POST", `/api/admin/integrations/${unknown}/secret`)).statusCode).toBe(404);
    expect((await api("POST", `/api/admin/integrations/${unknown}/test`)).statusCode).toBe(404);
    const invalid = await api("POST", "/api/admin/integrations", {
      url: "ftp://x",
      events: ["enquiry.created"],
    });
    expect(invalid.statusCode).toBe(400);
    expect(await entries()).toBe(before);
  });

  it("the entry is written in the change's own transaction: when it cannot be, nothing changes", async () => {
    const added = await api("POST", "/api/admin/integrations", {
      url: URL_WITH_TOKEN,
      events: ["enquiry.created"],
    });
    const { id } = added.json().data as { id: string };
    const [endpoint] = await app().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const queued = async () =>
      (await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).length;
    const test = await api("POST", `/api/admin/integrations/${id}/test`);
    const deliveryId = test.json().data.id as string;
    const deliveriesBefore = await queued();

    // The activity record refuses webhook entries for a moment (as a full disk or a lost connection would).
    await app().db.execute(
      sql`alter table audit_events add constraint no_webhook_entries check (action not like 'webhook%') not valid`,
    );
    try {
      const tries = [
        api("POST", "/api/admin/integrations", {
          url: "http://127.0.0.1:9/other",
          events: ["enquiry.created"],
        }),
        api("POST", `/api/admin/integrations/${id}/secret`),
        api("PUT", `/api/admin/integrations/${id}/enabled`, { enabled: false }),
        api("POST", `/api/admin/integrations/${id}/test`),
        api("POST", `/api/admin/integrations/${id}/deliveries/${deliveryId}/resend`),
        api("DELETE", `/api/admin/integrations/${id}`),
      ];
      for (const res of await Promise.all(tries)) expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await app().db.execute(sql`alter table audit_events drop constraint no_webhook_entries`);
    }
    const endpoints = await app().db.select().from(webhookEndpoints);
    expect(endpoints).toEqual([endpoint]);
    expect(await queued()).toBe(deliveriesBefore);
  });
});
