import { readFileSync } from "node:fs";
import { INBOX_MESSAGES } from "@common/admin-messages";
import { HONEYPOT_FIELD } from "@common/leads/enquiries";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { startBuiltServer } from "../../scripts/server-process.mjs";
import { openDatabase } from "../../server/db/client";
import { createEnquiryService } from "../../server/services/leads/enquiries";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING } from "../../server/test/enquiry-fixtures";
import { startSmtp } from "../../server/test/smtp";
import { type AdminContextOptions, setUpBrowser, adminPage as signedInPage } from "./admin";
import { axeViolations } from "./axe";
import { baseURL, waitForHydration } from "./browser";
import { formTokens, sendEnquiry } from "./form-tokens";
import { E2E_ADMIN } from "./global-setup";

setUpBrowser();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A page signed in as the e2e administrator on the server at `base`, closed after the file. */
async function adminPage(base: string, options: AdminContextOptions = {}) {
  const session = await signedInPage({ ...options, baseURL: base });
  cleanups.push(() => session.context.close());
  return session;
}

/** Sends an enquiry as an API client does, with a form token (`token`) from a page served before. */
async function submit(path: string, body: object, token: string) {
  const res = await sendEnquiry(baseURL(), path, body, token);
  expect(res.status).toBe(201);
}

const row = (page: Page, name: string) => page.getByRole("link", { name: new RegExp(name) });
const rows = (page: Page) => page.locator("main ol > li");
const filter = (page: Page, group: "Kind" | "Status", choice: string) =>
  page.getByRole("group", { name: group }).getByRole("link", { name: choice, exact: true });

describe("enquiries inbox", () => {
  const tag = `Inbox${Date.now().toString(36)}`;
  const quote = { ...VALID_QUOTE, contact: { ...VALID_QUOTE.contact, name: `${tag} Quinn` } };

  beforeAll(async () => {
    const [first, second, third] = await formTokens(baseURL(), 3);
    await submit("/api/quote", quote, first);
    await submit(
      "/api/contact",
      {
        ...VALID_CONTACT,
        name: `${tag} Connie`,
        company: '=HYPERLINK("http://evil.example","Click me")',
      },
      second,
    );
    // A person whose browser filled the hidden field: kept as spam, not lost.
    await submit(
      "/api/tankering",
      {
        ...VALID_TANKERING,
        name: `${tag} Spammy`,
        [HONEYPOT_FIELD]: "autofill",
      },
      third,
    );
  });

  it("lists a submitted quote newest first, filters by kind and status, and searches from the top bar", async () => {
    const { page, errors } = await adminPage(baseURL());
    await page.goto("/admin/dashboard/enquiries");
    await waitForHydration(page);
    await row(page, `${tag} Quinn`).waitFor();
    const texts = await rows(page).allTextContents();
    const at = (name: string) => texts.findIndex((t) => t.includes(name));
    expect(at(`${tag} Connie`)).toBeLessThan(at(`${tag} Quinn`));
    expect(at(`${tag} Spammy`)).toBe(-1);
    expect(await row(page, `${tag} Quinn`).textContent()).toContain(VALID_QUOTE.businessType);

    await filter(page, "Kind", "Quote").click();
    await page.waitForURL(/kind=quote/);
    await row(page, `${tag} Quinn`).waitFor();
    await expect.poll(() => row(page, `${tag} Connie`).count()).toBe(0);

    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByText(INBOX_MESSAGES.searchingFor(tag)).waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    await filter(page, "Kind", "All kinds").click();
    await row(page, `${tag} Connie`).waitFor();
    await expect(rows(page).count()).resolves.toBe(2);
    expect(page.url()).toContain(`q=${tag}`);

    await filter(page, "Status", "Spam").click();
    await row(page, `${tag} Spammy`).waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });

  it("exports the filtered list as CSV with formula cells neutralised", async () => {
    const { page } = await adminPage(baseURL());
    await page.goto(`/admin/dashboard/enquiries?q=${tag}`);
    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: INBOX_MESSAGES.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFFReference,Received (UK time),Kind,Status,")).toBe(true);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
    expect(csv).toContain(`,Quote,New,,${tag} Quinn,`);
    expect(csv).not.toContain("Spammy");
  });

  it("opens an enquiry with every field, mail and phone links, and saves its status", async () => {
    const { page, errors } = await adminPage(baseURL(), { width: 360 });
    await page.goto(`/admin/dashboard/enquiries?q=${tag}&kind=quote`);
    await waitForHydration(page);
    // Keyboard: the row is a link.
    await row(page, `${tag} Quinn`).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: `Quote from ${tag} Quinn` }).waitFor();
    const details = page.getByRole("region", { name: INBOX_MESSAGES.details });
    for (const text of ["Business type", "Farming", "Post code", "PE1 5XG", "Waste type", "Fortnightly"])
      await details.getByText(text, { exact: true }).waitFor();
    const email = page.getByRole("link", { name: `${INBOX_MESSAGES.emailVisitor} ${quote.contact.email}` });
    await expect(email.getAttribute("href")).resolves.toBe(`mailto:${quote.contact.email}`);
    const call = page.getByRole("link", { name: `${INBOX_MESSAGES.callVisitor} ${quote.contact.phone}` });
    await expect(call.getAttribute("href")).resolves.toBe("tel:01733222333");
    const mail = page.getByRole("region", { name: INBOX_MESSAGES.mail });
    await expect(mail.getByText(/^(Pending|Sent)$/).count()).resolves.toBe(1);
    await page.getByText(INBOX_MESSAGES.statusNeverChanged).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Saved on change: no button to press, and leaving at once keeps the choice.
    await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
    await page.getByText(INBOX_MESSAGES.statusSaved).waitFor();
    await page.getByText(/^Changed \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/).waitFor();
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Status" }).inputValue()).resolves.toBe("contacted");

    // 'Back' returns to the same filtered list, where the new status shows.
    await page.getByRole("link", { name: INBOX_MESSAGES.back }).click();
    await page.waitForURL(/kind=quote/);
    await filter(page, "Status", "Contacted").click();
    await row(page, `${tag} Quinn`).waitFor();
    expect(errors).toEqual([]);
  });

  it("works without JavaScript: filters are links and the status form posts", async () => {
    const { page } = await adminPage(baseURL(), { javaScriptEnabled: false });
    await page.goto(`/admin/dashboard/enquiries?q=${tag}`);
    await filter(page, "Kind", "Contact").click();
    await row(page, `${tag} Connie`).click();
    await page.getByRole("combobox", { name: "Status" }).selectOption("closed");
    await page.getByRole("button", { name: INBOX_MESSAGES.saveStatus }).click();
    await page.getByText(INBOX_MESSAGES.statusSaved).waitFor();
    await page.goto(`/admin/dashboard/enquiries?q=${tag}&status=closed`);
    await row(page, `${tag} Connie`).waitFor();
  });

  it("refuses a form post from another site", async () => {
    const { page } = await adminPage(baseURL());
    const res = await page.request.post("/admin/dashboard/enquiries/00000000-0000-4000-8000-000000000000", {
      headers: { origin: "https://evil.example" },
      form: { intent: "status", status: "closed" },
    });
    expect(res.status()).toBe(403);
  });

  it.each(["dark", "light"] as const)("has no axe violations in the %s theme", async (theme) => {
    const { page } = await adminPage(baseURL(), { theme, bypassCSP: true });
    const found: Record<string, string[]> = {};
    await page.goto(`/admin/dashboard/enquiries?q=${tag}`);
    await waitForHydration(page);
    found.list = await axeViolations(page);
    await row(page, `${tag} Quinn`).click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    found.detail = await axeViolations(page);
    expect(found).toEqual({ list: [], detail: [] });
  });
});

describe("mail retry", () => {
  it("shows a failed mail and sends it again with 'Retry now' against a real SMTP server", {
    timeout: 120_000,
  }, async () => {
    const dataDir = scratchDir("site-inbox-retry-");
    const name = `Retry ${Date.now()}`;
    const database = await openDatabase({ dataDir });
    let id: string;
    try {
      ({ id } = await createEnquiryService(database.db).submit("contact", { ...VALID_CONTACT, name }));
      // A day old, so the mail server's refusal below fails the message rather than deferring it.
      await database.db.execute(
        sql`update enquiries set created_at = now() - interval '25 hours' where id = ${id}`,
      );
    } finally {
      await database.close();
    }
    const smtp = await startSmtp();
    smtp.answer.refuseWith = 550; // refused permanently: the mail is marked failed
    cleanups.push(smtp.close);
    const server = await startBuiltServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SEED_DEMO: "0",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    });
    cleanups.push(() => server.stop());

    const { page, errors } = await adminPage(server.url);
    const state = async () => (await (await page.request.get(`/api/admin/enquiries/${id}`)).json()).data.mail;
    await expect.poll(async () => (await state()).state, { timeout: 60_000 }).toBe("failed");
    await page.goto(`/admin/dashboard/enquiries/${id}`);
    await waitForHydration(page);
    const mail = page.getByRole("region", { name: INBOX_MESSAGES.mail });
    await mail.getByText("Failed", { exact: true }).waitFor();
    await mail.getByText(/550/).waitFor();

    smtp.answer.refuseWith = undefined;
    await mail.getByRole("button", { name: INBOX_MESSAGES.retryMail }).click();
    await page.getByText(INBOX_MESSAGES.retryQueued).waitFor();
    await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(1);
    expect(smtp.received[0].headers.subject).toContain(name);
    await expect.poll(async () => (await state()).state, { timeout: 30_000 }).toBe("sent");
    await page.reload();
    await mail.getByText("Sent", { exact: true }).waitFor();
    await expect(mail.getByRole("button", { name: INBOX_MESSAGES.retryMail }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
