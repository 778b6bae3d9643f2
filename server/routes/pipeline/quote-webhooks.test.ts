import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEvent } from "../../../common/webhooks/webhooks";
import { mailOutbox, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { bearer } from "../../test/content";
import { VALID_CONTACT } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const LINES = [
  {
    description: "Food waste collection",
    quantityThousandths: 2000,
    unit: "collection",
    unitPricePence: 2500,
  },
  {
    description: "Compost",
    quantityThousandths: 1000,
    unit: "load",
    unitPricePence: 10_000,
    vatRate: "zero",
  },
];

/** The webhooks quote.sent, quote.accepted and quote.declined (issue 49), on both databases. */
describe.each(TEST_DATABASES)("quote webhooks on %s", (kind) => {
  const api = signedInApp(kind);
  let desk: string;
  beforeAll(async () => {
    desk = await signInAs(api.app, "desk");
  });
  afterEach(async () => {
    await api.app.db.update(webhookEndpoints).set({ enabled: false });
  });
  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(desk), ...(payload ? { payload } : {}) });
  const endpoint = async (events: WebhookEvent[]) =>
    (
      await api.app.db
        .insert(webhookEndpoints)
        .values({ url: "https://crm.example.com/hooks/quotes", events, secret: `whsec_${"A".repeat(43)}=` })
        .returning()
    )[0];
  const deliveries = (endpointId: string) =>
    api.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(webhookDeliveries.createdAt);

  async function sentQuote() {
    const { id: enquiryId } = await api.app.services.enquiries.submit("contact", VALID_CONTACT);
    const quote = (await call("POST", `/api/admin/enquiries/${enquiryId}/quotes`, { lines: LINES })).json()
      .data;
    expect((await call("POST", `/api/admin/quotes/${quote.id}/send`)).statusCode).toBe(200);
    const [mail] = await api.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, enquiryId)));
    const token = mail?.message?.text.match(new RegExp(`/quotes/${quote.id}/([A-Za-z0-9_-]{43})`))?.[1] ?? "";
    return { enquiryId, quote, token };
  }
  const answer = (id: string, what: "accept" | "decline", payload: object) =>
    api.app.inject({
      method: "POST",
      url: `/api/quotes/${id}/${what}`,
      payload,
      remoteAddress: "203.0.113.9",
    });

  it("sends quote.sent then quote.accepted with the number, version, state and totals, nothing of the customer's", async () => {
    const all = await endpoint(["quote.sent", "quote.accepted", "quote.declined"]);
    const acceptedOnly = await endpoint(["quote.accepted"]);
    const { enquiryId, quote, token } = await sentQuote();
    const [sent] = await deliveries(all.id);
    expect(sent?.event).toBe("quote.sent");
    expect(sent?.enquiryId).toBe(enquiryId);
    expect(sent?.payload).toMatchObject({
      type: "quote.sent",
      data: {
        id: quote.id,
        enquiryId,
        number: quote.number,
        version: 1,
        state: "sent",
        validUntil: quote.validUntil,
        subtotalPence: 15_000,
        discountPence: 0,
        vatPence: 1000,
        totalPence: 16_000,
        answeredAt: null,
      },
    });
    expect(await deliveries(acceptedOnly.id)).toEqual([]);

    const accepted = await answer(quote.id, "accept", { token, name: "Jane Visitor", accept: true });
    expect(accepted.statusCode).toBe(200);
    const events = (await deliveries(all.id)).map((d) => d.event);
    expect(events).toEqual(["quote.sent", "quote.accepted"]);
    const [only] = await deliveries(acceptedOnly.id);
    expect(only?.payload).toMatchObject({
      type: "quote.accepted",
      data: { id: quote.id, state: "accepted" },
    });
    expect((only?.payload as { data?: { answeredAt?: string } } | undefined)?.data?.answeredAt).toMatch(
      /^\d{4}-/,
    );
    // Nothing of the customer's: not their address, the name typed, the client address.
    const body = JSON.stringify((await deliveries(all.id)).map((d) => d.payload));
    for (const personal of [VALID_CONTACT.email, "Jane Visitor", "203.0.113.9", token]) {
      expect(body).not.toContain(personal);
    }

    // A second acceptance is refused and sends nothing.
    const twice = await answer(quote.id, "accept", { token, name: "Jane Visitor", accept: true });
    expect(twice.statusCode).toBe(409);
    expect(await deliveries(all.id)).toHaveLength(2);
    expect(await deliveries(acceptedOnly.id)).toHaveLength(1);
  });

  it("sends quote.declined without the reason, and nothing to an endpoint that did not choose it or is disabled", async () => {
    const declined = await endpoint(["quote.declined"]);
    const stages = await endpoint(["enquiry.stage_changed"]);
    const disabled = await endpoint(["quote.declined", "quote.sent"]);
    await api.app.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, disabled.id));
    const { quote, token } = await sentQuote();
    expect(await deliveries(declined.id)).toEqual([]);
    // Sending moved the enquiry to Quoted: that is the stage's event, not a quote's.
    expect((await deliveries(stages.id)).map((d) => d.event)).toEqual(["enquiry.stage_changed"]);
    const res = await answer(quote.id, "decline", { token, reason: "Our budget was cut this year" });
    expect(res.statusCode).toBe(200);
    const [delivery] = await deliveries(declined.id);
    expect(delivery?.payload).toMatchObject({
      type: "quote.declined",
      data: { id: quote.id, number: quote.number, state: "declined" },
    });
    expect(JSON.stringify(delivery?.payload)).not.toContain("budget");
    expect(await deliveries(disabled.id)).toEqual([]);
    expect(await deliveries(stages.id)).toHaveLength(1);
  });

  it("lets an endpoint choose the quote events through the API, and documents them in OpenAPI", async () => {
    const owner = await signInAs(api.app, "owner");
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/integrations",
      headers: bearer(owner),
      payload: {
        url: "https://crm.example.com/hooks/q",
        events: ["quote.sent", "quote.accepted", "quote.declined"],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = (await api.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const event of ["quote.sent", "quote.accepted", "quote.declined"]) {
      const content = doc.webhooks[event].post.requestBody.content["application/json"];
      expect(content.example.type).toBe(event);
      expect(content.schema.properties.data.required).toContain("totalPence");
    }
  });
});
