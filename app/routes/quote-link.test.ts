import { QUOTE_MESSAGES } from "@common/pipeline/quotes";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, mailOutbox, quotes } from "../../server/db/schema";
import { loadContext } from "../../server/pages/load-context";
import { ADMIN } from "../../server/test/content";
import { TWO_COLLECTIONS_QUOTE, VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../server/test/harness";
import { action, CUSTOMER_QUOTE_TEXTS, loader } from "./quote-link";

const SITE = "http://localhost";
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) =>
  ((answer as { data?: unknown } | null)?.data ?? answer) as {
    ok: boolean;
    message?: string;
    error?: string;
  };

/** The customer's quote page without JavaScript (issue 49): plain forms posted to the route's action. */
describe.each(TEST_DATABASES)("/quotes/:id/:token without JavaScript on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    await app.services.accounts.create(ADMIN.email, ADMIN.password, "desk");
    context = loadContext(app.services, { nonce: "", ip: "198.51.100.7" });
  });
  afterAll(() => app?.close());

  async function sentQuote() {
    const account = await app.services.accounts.findByEmail(ADMIN.email);
    const by = { id: account.id, email: account.email, role: "desk" as const };
    const { id: enquiryId } = await app.services.enquiries.submit("contact", VALID_CONTACT);
    const quote = await app.services.quotes.create(enquiryId, TWO_COLLECTIONS_QUOTE, by);
    await app.services.quotes.send(quote.id, by);
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, enquiryId)));
    const token = mail.message?.text.match(/\/quotes\/[0-9a-f-]+\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    return { enquiryId, quote, token };
  }
  const params = (id: string, token: string) => ({ id, token });
  const load = (id: string, token: string) =>
    loader({
      request: new Request(`${SITE}/quotes/${id}/${token}`),
      context,
      params: params(id, token),
    } as never);
  const post = (id: string, token: string, fields: Record<string, string>) =>
    action({
      request: new Request(`${SITE}/quotes/${id}/${token}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context,
      params: params(id, token),
    } as never);

  it("shows the quote to the link's holder, and nothing to any other link", async () => {
    const { quote, token } = await sentQuote();
    const page = await load(quote.id, token);
    expect(page.quote).toMatchObject({
      number: quote.number,
      state: "sent",
      message: null,
      totals: { totalPence: 6000 },
    });
    expect((await load(quote.id, "B".repeat(43))).quote).toBeNull();
    expect((await load("not-an-id", token)).quote).toBeNull();
  });

  it("accepts with the name and the tick (who, when, from which address), and a second answer is refused", async () => {
    const { enquiryId, quote, token } = await sentQuote();
    const noTick = await post(quote.id, token, { intent: "accept", name: "Jane Visitor" });
    expect([statusOf(noTick), bodyOf(noTick).error]).toEqual([400, QUOTE_MESSAGES.acceptRequired]);
    const accepted = await post(quote.id, token, { intent: "accept", name: "Jane Visitor", accept: "on" });
    expect(bodyOf(accepted)).toEqual({ ok: true, message: CUSTOMER_QUOTE_TEXTS.accepted });
    const [row] = await app.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({
      state: "accepted",
      acceptedName: "Jane Visitor",
      acceptedAddress: "198.51.100.7",
      acceptedVersion: 1,
    });
    const [enquiry] = await app.db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
    expect(enquiry).toMatchObject({ stage: "won", wonPence: 6000 });
    const again = await post(quote.id, token, { intent: "accept", name: "Jane Visitor", accept: "on" });
    expect([statusOf(again), bodyOf(again).error]).toEqual([409, QUOTE_MESSAGES.answeredAccepted]);
    expect((await load(quote.id, token)).quote?.message).toBe(QUOTE_MESSAGES.answeredAccepted);
  });

  it("declines with a reason; an expired quote is refused and says so", async () => {
    const first = await sentQuote();
    const declined = await post(first.quote.id, first.token, { intent: "decline", reason: "Too far" });
    expect(bodyOf(declined)).toEqual({ ok: true, message: CUSTOMER_QUOTE_TEXTS.declined });
    const second = await sentQuote();
    await app.db.update(quotes).set({ validUntil: "2020-01-31" }).where(eq(quotes.id, second.quote.id));
    expect((await load(second.quote.id, second.token)).quote).toMatchObject({
      state: "expired",
      message: QUOTE_MESSAGES.expiredCustomer,
    });
    const late = await post(second.quote.id, second.token, { intent: "accept", name: "Jane", accept: "on" });
    expect([statusOf(late), bodyOf(late).error]).toEqual([409, QUOTE_MESSAGES.expiredCustomer]);
  });
});
