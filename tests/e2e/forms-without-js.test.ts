import path from "node:path";
import { enquiryReference } from "@common/leads/confirmation";
import {
  CONTACT_MESSAGES,
  ENQUIRY_MESSAGES,
  FORM_TEXT,
  TANKERING_MESSAGES,
} from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";
import { adminPage, setUpBrowser } from "./admin";
import { dataDir, newPage } from "./browser";
import { E2E_ADMIN } from "./global-setup";
import { waitForMailFile } from "./mail-files";

const browser = setUpBrowser();

type Fields = Array<[label: string, value: string, message: string]>;

/** Every URL the page asked for (documents, scripts, fetches, redirects' targets). */
function visitedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

/** No field's value, as typed or URL-encoded, in any of the URLs. */
function expectNoDetailIn(urls: string[], fields: Fields) {
  for (const [, value] of fields)
    for (const url of urls) {
      expect(url).not.toContain(value);
      expect(url).not.toContain(encodeURIComponent(value));
      expect(decodeURIComponent(url.replaceAll("+", " "))).not.toContain(value);
    }
}

/** The enquiry as staff see it: in the inbox (not Spam), and its reference. */
async function storedAsGenuine(name: string): Promise<string> {
  const { page, context } = await adminPage({ bypassCSP: true });
  try {
    const inbox = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(name)}`);
    const [enquiry] = (await inbox.json()).data;
    expect(enquiry?.status).toBe("new");
    return enquiryReference(enquiry._id);
  } finally {
    await context.close();
  }
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit" }).click();

/**
 * Waits until a person could have filled the form since the page was served at `served`: a form
 * sent back sooner counts towards spam, and with every field filled within a second it is Spam.
 */
const asAPerson = (page: Page, served: number) =>
  page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - served)));

/**
 * With JavaScript off: an empty send gets GOV.UK's error summary (the form's messages in its
 * order, each a link to its field) and each message beside its field; what was typed is kept on the
 * next refusal; then sent, the page says so with the reference, the enquiry is stored as genuine
 * and mailed, and no detail was ever in a URL.
 */
async function sendWithoutScripts(pagePath: string, fields: Fields, success: string) {
  const { page, context } = await newPage(browser(), { javaScriptEnabled: false });
  const urls = visitedUrls(page);
  try {
    const served = Date.now();
    await page.goto(pagePath);
    await submit(page);
    const summary = page.getByRole("alert").filter({ hasText: FORM_TEXT.errorSummary });
    await summary.waitFor();
    expect(await summary.getByRole("link").allTextContents()).toEqual(fields.map(([, , message]) => message));
    for (const [label, , message] of fields) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(`Error: ${message}`);
      // The summary's link goes to the field.
      const href = await summary.getByRole("link", { name: message }).getAttribute("href");
      expect(href).toBe(`#${await input.getAttribute("id")}`);
    }

    // The first two filled: kept, and the rest still listed in order.
    for (const [label, value] of fields.slice(0, 2))
      await page.getByLabel(label, { exact: true }).fill(value);
    await submit(page);
    await summary.waitFor();
    expect(await summary.getByRole("link").allTextContents()).toEqual(fields.slice(2).map(([, , m]) => m));
    for (const [label, value] of fields.slice(0, 2))
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    expect(await page.getByLabel(fields[0][0], { exact: true }).getAttribute("aria-invalid")).toBeNull();

    for (const [label, value] of fields.slice(2)) await page.getByLabel(label, { exact: true }).fill(value);
    // The token is the first page's (kept through the refusals): its time counts from there.
    await asAPerson(page, served);
    await submit(page);
    const notice = page.getByRole("status").filter({ hasText: success });
    await notice.waitFor();
    const shown = /Your reference: (FO-[0-9A-F]{8})/.exec((await notice.textContent()) ?? "")?.[1];
    expect(new URL(page.url()).pathname).toBe(pagePath);
    expect(new URL(page.url()).searchParams.get("sent")).toBe(shown);
    // SPEC's JS flow goes home after the toast; here the notice offers the way.
    expect(await notice.getByRole("link", { name: FORM_TEXT.backHome }).getAttribute("href")).toBe("/");
    // The form is empty again, ready for another.
    expect(await page.getByLabel(fields[0][0], { exact: true }).inputValue()).toBe("");

    const name = fields[0][1];
    expect(await storedAsGenuine(name)).toBe(shown);
    const mail = await waitForMailFile(path.join(dataDir(), "mail"), name);
    expect(mail).toContain(fields[4][1]);
    expectNoDetailIn(urls, fields);
  } finally {
    await context.close();
  }
}

const contactFields = (name: string): Fields => [
  ["Name", name, CONTACT_MESSAGES.name],
  ["Email", "nojs@example.co.uk", CONTACT_MESSAGES.email],
  ["Company", "Plain HTML Farms", CONTACT_MESSAGES.company],
  ["Phone", "01733 222 333", CONTACT_MESSAGES.phone],
  ["Message", "Weekly collection of peelings, sent without scripts", CONTACT_MESSAGES.message],
];

describe("the forms with JavaScript off", () => {
  it("contact (/contact): errors beside fields with a summary, values kept, sent with its reference", async () => {
    await sendWithoutScripts("/contact", contactFields(`Nojs ${Date.now()}`), CONTACT_MESSAGES.success);
  });

  it("contact (/contact/2): the same", async () => {
    await sendWithoutScripts("/contact/2", contactFields(`Nojs two ${Date.now()}`), CONTACT_MESSAGES.success);
  });

  it("tankering (/services/2): the same, in its own order", async () => {
    await sendWithoutScripts(
      "/services/2",
      [
        ["Name", `Nojs tanker ${Date.now()}`, TANKERING_MESSAGES.name],
        ["Email", "tanker-nojs@example.co.uk", TANKERING_MESSAGES.email],
        ["Frequency", "Fortnightly", TANKERING_MESSAGES.frequency],
        ["Phone", "07700 900 321", TANKERING_MESSAGES.phone],
        ["Message", "Interceptor emptying, 8,000 litres", TANKERING_MESSAGES.message],
      ],
      TANKERING_MESSAGES.success,
    );
  });
});

describe("a send before the scripts are ready", () => {
  it("is posted by the browser and arrives as a genuine enquiry", async () => {
    const { page, context } = await newPage(browser());
    const urls = visitedUrls(page);
    // The page's scripts are held back: the form is as the HTML made it.
    const held: Array<() => Promise<void>> = [];
    await page.route("**/assets/*.js", (route) => {
      held.push(() => route.continue().catch(() => {}));
    });
    try {
      const fields = contactFields(`First paint ${Date.now()}`);
      const served = Date.now();
      await page.goto("/contact", { waitUntil: "commit" });
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
      // The scripts stay held back while the person takes their time.
      await asAPerson(page, served);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await submit(page);
      const notice = page.getByRole("status").filter({ hasText: CONTACT_MESSAGES.success });
      await notice.waitFor();
      const shown = /Your reference: (FO-[0-9A-F]{8})/.exec((await notice.textContent()) ?? "")?.[1];
      expect(await storedAsGenuine(fields[0][1])).toBe(shown);
      expectNoDetailIn(urls, fields);
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await Promise.all(held.map((release) => release()));
      await context.close();
    }
  });
});

describe("over the hourly allowance, with JavaScript off", () => {
  // A server of its own, allowing one send an hour per client and form.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ENQUIRY_RATE_LIMIT: "1",
    });
  });
  afterAll(() => server?.stop());

  it("gets the form's page back: 429 with Retry-After, everything typed kept, the catalogue's words", async () => {
    const context = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const fields = contactFields(`Limited ${Date.now()}`);
      const send = async () => {
        await page.goto("/contact");
        for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await submit(page);
        return answer;
      };
      expect((await send()).status()).toBe(303);
      const limited = await send();
      expect(limited.status()).toBe(429);
      expect(await limited.headerValue("content-type")).toContain("text/html");
      const wait = Number(await limited.headerValue("retry-after"));
      expect(wait).toBeGreaterThan(0);
      await page
        .getByRole("alert")
        .filter({ hasText: ENQUIRY_MESSAGES.limited(wait) })
        .waitFor();
      for (const [label, value] of fields)
        expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    } finally {
      await context.close();
    }
  });
});
