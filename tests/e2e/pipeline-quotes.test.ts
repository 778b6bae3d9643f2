import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { APIRequestContext } from "playwright-core";
import { request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ACCEPTED_QUOTE_RECORD_TEXT } from "../../app/content/privacy";
import { CUSTOMER_QUOTE_TEXTS } from "../../app/routes/quote-link";
import { QUOTE_MESSAGES } from "../../common/pipeline/quotes";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { startBuiltServer } from "../../scripts/server-process.mjs";
import { openDatabase } from "../../server/db/client";
import { admins, mailOutbox, quotes } from "../../server/db/schema";
import { createEnquiryService } from "../../server/services/leads/enquiries";
import { createQuoteService } from "../../server/services/pipeline/quotes";
import { TWO_COLLECTIONS_QUOTE, VALID_CONTACT, VALID_QUOTE } from "../../server/test/enquiry-fixtures";
import { invitedColleague, setUpBrowser } from "./admin";
import { baseURL, dataDir, waitForHydration } from "./browser";
import { sendEnquiry } from "./form-tokens";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A mail file's text part as the customer reads it: quoted-printable undone (soft breaks, =C2=A3). */
const readable = (raw: string) => {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
};

const LINK = /\/quotes\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}/;

/** Issue 49: a Desk member prices a wizard enquiry; the customer accepts it from the mail with HTML alone. */
describe("a priced quote accepted online", () => {
  // A hang guard for a loaded machine: an invitation, a sign-in, two screens, a mail and a PDF.
  it("is quoted by the desk (a discount, a zero-rated line), sent, accepted without JavaScript, and the enquiry is Won with its value", {
    timeout: 240_000,
  }, async () => {
    const tag = `Quote${Date.now().toString(36)}`;
    const email = `${tag.toLowerCase()}@example.co.uk`;
    const sent = await sendEnquiry(baseURL(), "/api/quote", {
      ...VALID_QUOTE,
      contact: { ...VALID_QUOTE.contact, name: `${tag} Quinn`, email },
    });
    expect(sent.status).toBe(201);

    // A Desk member, signed in (their session shared by the page and its request client).
    const password = "desk-password-123";
    const deskEmail = await invitedColleague("desk", password);
    const desk = await browser().newContext({ baseURL: baseURL() });
    cleanups.push(() => desk.close());
    const login = await desk.request.post("/api/admin/login", { data: { email: deskEmail, password } });
    expect(login.status(), await login.text()).toBe(200);
    const found = await (
      await desk.request.get(`/api/admin/enquiries?q=${encodeURIComponent(email)}`)
    ).json();
    const enquiryId: string = found.data[0]._id;
    expect(found.data[0].kind).toBe("quote");

    // The Owner's price list has the bin collection the first line is taken from.
    const owner = await request.newContext({ baseURL: baseURL() });
    cleanups.push(() => owner.dispose());
    expect((await owner.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
    const service = `${tag} food waste collection (240 l bin)`;
    const added = await owner.post("/api/admin/pipeline/services", {
      data: { name: service, unit: "collection", unitPricePence: 1850 },
    });
    expect(added.status(), await added.text()).toBe(201);
    const serviceId: string = (await added.json()).data.id;

    const page = await desk.newPage();
    await page.goto(`/admin/dashboard/enquiries/${enquiryId}`);
    await waitForHydration(page);
    await page.getByText("New quote", { exact: true }).click();
    const line = (n: number) => page.getByRole("group", { name: `Line ${n}` });
    // Choosing the service fills the line at once (JavaScript on); the fields stay editable.
    await line(1).getByLabel("Service").selectOption(serviceId);
    await expect(line(1).getByLabel("Description").inputValue()).resolves.toBe(service);
    await expect(line(1).locator('select[name$="-unit"]').inputValue()).resolves.toBe("collection");
    await expect(line(1).getByLabel("Unit price (£)").inputValue()).resolves.toBe("18.50");
    await expect(line(1).locator('select[name$="-vat"]').inputValue()).resolves.toBe("standard");
    await line(1).getByLabel("Quantity").fill("3");
    await line(2).getByLabel("Description").fill("Compost returned");
    await line(2).getByLabel("Quantity").fill("1");
    await line(2).locator('select[name$="-unit"]').selectOption("load");
    await line(2).getByLabel("Unit price (£)").fill("100");
    await line(2).locator('select[name$="-vat"]').selectOption("zero");
    await page.getByLabel("Discount (%)").fill("10");
    await page.getByRole("button", { name: "Create quote" }).click();
    const created = page.getByText(/^Quote Q-\d{4}-\d{4} created$/);
    await created.waitFor();
    const number = /Q-\d{4}-\d{4}/.exec((await created.textContent()) ?? "")?.[0] as string;
    // 'Edit quote' opens the 'New quote' form filled with the draft; saved, the draft changes in place.
    await page.getByText("Edit quote", { exact: true }).click();
    const edit = page.locator("details").filter({ has: page.getByText("Edit quote", { exact: true }) });
    const quantity = edit.getByRole("group", { name: "Line 1" }).getByLabel("Quantity");
    await expect(quantity.inputValue()).resolves.toBe("3");
    await expect(edit.getByLabel("Discount (%)").inputValue()).resolves.toBe("10%");
    await quantity.fill("4");
    await edit.getByRole("button", { name: "Save quote" }).click();
    await page.getByText(`Quote ${number} saved`).waitFor();
    await page.getByRole("button", { name: "Send quote" }).click();
    await page.getByText(`Quote ${number} sent to the customer`).waitFor();

    // The mail: the lines and totals as the page shows them, and the link for this version.
    const mail = readable(await waitForMailFile(path.join(dataDir(), "mail"), number));
    expect(mail).toContain(service);
    // £74.00 + £100.00 = £174.00; 10% off: £17.40 shared £7.40 / £10.00; VAT 20% of £66.60 = £13.32.
    expect(mail).toContain("Subtotal: £174.00");
    expect(mail).toContain("Discount (10%): -£17.40");
    expect(mail).toContain("VAT at 20% on £66.60: £13.32");
    expect(mail).toContain("Zero-rated on £90.00: £0.00");
    expect(mail).toContain("Total: £169.92");
    const link = LINK.exec(mail)?.[0] as string;
    expect(link).toBeDefined();

    // The customer, without JavaScript, from the mail's link.
    const customer = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    cleanups.push(() => customer.close());
    const quotePage = await customer.newPage();
    await quotePage.goto(link);
    await expect(quotePage.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Quote ${number}`);
    const table = quotePage.getByRole("table", { name: CUSTOMER_QUOTE_TEXTS.caption });
    for (const [label, amount] of [
      ["Subtotal", "£174.00"],
      ["Discount (10%)", "-£17.40"],
      ["VAT at 20% on £66.60", "£13.32"],
      ["Zero-rated on £90.00", "£0.00"],
      ["Total", "£169.92"],
    ])
      await expect(table.getByRole("row", { name: `${label} ${amount}` }).count()).resolves.toBe(1);

    // The PDF, by the same link only.
    const pdfLink = quotePage.getByRole("link", { name: CUSTOMER_QUOTE_TEXTS.pdf });
    expect(await pdfLink.getAttribute("href")).toBe(`${link}/pdf`);
    const pdf = await customer.request.get(`${link}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const otherPdf = await customer.request.get(`${link.slice(0, -43)}${"A".repeat(43)}/pdf`);
    expect(otherPdf.status()).toBe(404);

    // Accepted with a name and the tick.
    await quotePage.getByLabel(CUSTOMER_QUOTE_TEXTS.name).fill(`${tag} Quinn`);
    await quotePage.getByLabel(CUSTOMER_QUOTE_TEXTS.acceptTerms).check();
    await quotePage.getByRole("button", { name: CUSTOMER_QUOTE_TEXTS.accept }).click();
    await expect(quotePage.getByRole("status").textContent()).resolves.toBe(CUSTOMER_QUOTE_TEXTS.accepted);

    // A second acceptance is refused with the words, as a form post and by the API.
    const again = await customer.request.post(link, {
      form: { intent: "accept", name: `${tag} Quinn`, accept: "on" },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain(QUOTE_MESSAGES.answeredAccepted);
    await quotePage.goto(link);
    await expect(quotePage.getByText(QUOTE_MESSAGES.answeredAccepted).count()).resolves.toBe(1);
    await expect(quotePage.getByRole("button", { name: CUSTOMER_QUOTE_TEXTS.accept }).count()).resolves.toBe(
      0,
    );
    const [, quoteId, token] = /\/quotes\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/.exec(link) ?? [];
    const api = await customer.request.post(`/api/quotes/${quoteId}/accept`, {
      data: { token, name: "Someone Else", accept: true },
    });
    expect([api.status(), (await api.json()).message]).toEqual([409, QUOTE_MESSAGES.answeredAccepted]);

    // The line keeps the service it was taken from.
    const [quoted] = (await (await desk.request.get(`/api/admin/enquiries/${enquiryId}/quotes`)).json()).data;
    expect(quoted.lines[0]).toMatchObject({ serviceId, description: service, unitPricePence: 1850 });

    // The enquiry is Won with the quote's total.
    const enquiry = (await (await desk.request.get(`/api/admin/enquiries/${enquiryId}`)).json()).data;
    expect(enquiry).toMatchObject({ stage: "won", pipeline: { wonPence: 16_992 } });
    await page.goto(`/admin/dashboard/enquiries/${enquiryId}`);
    await page.getByRole("heading", { name: "Stage: Won" }).waitFor();

    // The privacy policy says accepted quotes' numbers are kept six years.
    await quotePage.goto("/legal/privacy-policy");
    await expect(quotePage.locator("#quote-retention").textContent()).resolves.toBe(
      ACCEPTED_QUOTE_RECORD_TEXT,
    );
    expect(ACCEPTED_QUOTE_RECORD_TEXT).toContain("six years");
  });

  // A server of its own is started: a cold start beside the rest on a loaded machine.
  it("refuses an expired quote with the issue's words, on the page and by the API", {
    timeout: 180_000,
  }, async () => {
    // A database with a quote sent, then past its last valid day, and a server started on it.
    const dir = scratchDir("site-quote-expired-");
    const database = await openDatabase({ dataDir: dir });
    let link: string;
    try {
      const [desk] = await database.db
        .insert(admins)
        .values({ email: "desk-expired@example.co.uk", passwordHash: "unused", role: "desk" })
        .returning();
      const by = { id: desk.id, email: desk.email, role: "desk" as const };
      const { id: enquiryId } = await createEnquiryService(database.db).submit("contact", VALID_CONTACT);
      const service = createQuoteService(database.db, { siteUrl: "", officeTo: "office@example.co.uk" });
      const quote = await service.create(enquiryId, TWO_COLLECTIONS_QUOTE, by);
      await service.send(quote.id, by);
      const [mail] = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.enquiryId, enquiryId)));
      link = LINK.exec(mail?.message?.text ?? "")?.[0] as string;
      await database.db.update(quotes).set({ validUntil: sql`'2020-01-31'` }).where(eq(quotes.id, quote.id));
    } finally {
      await database.close();
    }
    const server = await startBuiltServer({
      DATA_DIR: dir,
      SEED_DEMO: "0",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    });
    cleanups.push(() => server.stop());
    const customer = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false });
    cleanups.push(() => customer.close());
    const page = await customer.newPage();
    await page.goto(link);
    await expect(page.getByText(QUOTE_MESSAGES.expiredCustomer).count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: CUSTOMER_QUOTE_TEXTS.accept }).count()).resolves.toBe(0);
    const posted = await customer.request.post(link, {
      form: { intent: "accept", name: "Late Larry", accept: "on" },
    });
    expect(posted.status()).toBe(409);
    expect(await posted.text()).toContain(QUOTE_MESSAGES.expiredCustomer);
    const [, quoteId, token] = /\/quotes\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/.exec(link) ?? [];
    const api: APIRequestContext = await request.newContext({ baseURL: server.url });
    cleanups.push(() => api.dispose());
    const refused = await api.post(`/api/quotes/${quoteId}/accept`, {
      data: { token, name: "Late Larry", accept: true },
    });
    expect([refused.status(), (await refused.json()).message]).toEqual([409, QUOTE_MESSAGES.expiredCustomer]);
    // Its PDF is still the customer's to read.
    expect((await customer.request.get(`${link}/pdf`)).status()).toBe(200);
  });
});
