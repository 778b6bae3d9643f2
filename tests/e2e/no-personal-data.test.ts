import { randomBytes } from "node:crypto";
import { INSIGHTS_TABLES } from "@common/insights/insights";
import { CONTACT_MESSAGES, TANKERING_MESSAGES } from "@common/leads/enquiry-messages";
import { SPAM_MIN_FILL_MS } from "@common/leads/spam";
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDatabase } from "../../scripts/scratch-database.mjs";
import { type RunningServer, startBuiltServer } from "../../scripts/server-process.mjs";
import { adminPage, setUpBrowser } from "./admin";
import { E2E_ADMIN } from "./global-setup";

/**
 * Issue 40: a visitor's details never reach a URL, the server's log or Insights. Contact,
 * tankering and the quote are sent with JavaScript off to a server of this file's own (its whole
 * output kept, logging at debug: more than production's info), on each database; then every
 * value typed is looked for in every URL the browser asked for, in that output, and in what
 * Insights keeps (each table's CSV export as staff get it; on PostgreSQL each insights table too).
 */

const browser = setUpBrowser();

// Headless Chromium calls itself HeadlessChrome, which Insights rightly leaves out as a bot: this
// visitor presents an ordinary desktop Chrome, so its pages are counted.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const postgresUrl = process.env.DATABASE_URL;
const DATABASES = [
  { name: "embedded", postgres: false },
  ...(postgresUrl ? [{ name: "PostgreSQL", postgres: true }] : []),
];

/** Every form of a value that could carry it: as typed, URL-encoded (both ways), in JSON. */
function forms(value: string): string[] {
  return [
    value,
    value.toLowerCase(),
    encodeURIComponent(value),
    encodeURIComponent(value).replaceAll("%20", "+"),
    JSON.stringify(value).slice(1, -1),
  ];
}

/** The values found in `text` (case-insensitive), with where: none is the only right answer. */
function leaks(where: string, text: string, values: string[]): string[] {
  const haystack = text.toLowerCase();
  return values.flatMap((value) =>
    forms(value).some((form) => haystack.includes(form.toLowerCase())) ? [`${value} in ${where}`] : [],
  );
}

const submit = (page: Page, name: string) => page.getByRole("button", { name }).click();

/** A person takes longer than the spam check's shortest fill (the enquiry is genuine, so mailed). */
const personPause = (page: Page, since: number) =>
  page.waitForTimeout(Math.max(0, SPAM_MIN_FILL_MS + 500 - (Date.now() - since)));

async function sendForm(
  page: Page,
  path: string,
  fields: Array<[label: string, value: string]>,
  success: string,
) {
  const since = Date.now();
  await page.goto(path);
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await personPause(page, since);
  await submit(page, "Submit");
  await page.getByRole("status").filter({ hasText: success }).waitFor();
}

async function sendQuote(
  page: Page,
  answers: {
    business: string;
    waste: string;
    frequency: string;
    postCode: string;
    name: string;
    email: string;
    phone: string;
  },
) {
  const since = Date.now();
  await page.goto("/quote");
  await page.getByLabel("Other business type").fill(answers.business);
  await submit(page, "Next");
  await page.waitForURL(/\/quote\/2$/);
  await page.getByLabel("Waste type").fill(answers.waste);
  await submit(page, "Next");
  await page.waitForURL(/\/quote\/3$/);
  await page.getByLabel("Other frequency").fill(answers.frequency);
  await submit(page, "Next");
  await page.waitForURL(/\/quote\/4$/);
  await page.getByLabel("Post code").fill(answers.postCode);
  await submit(page, "Next");
  await page.waitForURL(/\/quote\/5$/);
  await page.getByLabel("Name").fill(answers.name);
  await page.getByLabel("Email").fill(answers.email);
  await page.getByLabel("Phone").fill(answers.phone);
  await submit(page, "Next");
  await page.waitForURL(/\/quote\/6$/);
  await personPause(page, since);
  await submit(page, "Submit");
  await page.getByRole("dialog").getByText("Quote request sent").waitFor();
}

async function insightsRows(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_name like 'insights%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    const dumps = await Promise.all(
      rows.map(async ({ name }) => JSON.stringify((await client.query(`select * from "${name}"`)).rows)),
    );
    return dumps.join("\n");
  } finally {
    await client.end();
  }
}

describe.each(DATABASES)("no personal data in a URL, the log or Insights ($name)", ({ postgres }) => {
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  beforeAll(async () => {
    database = postgres && postgresUrl ? await scratchDatabase(postgresUrl, "nopii") : undefined;
    server = await startBuiltServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "debug",
      ENQUIRY_RATE_LIMIT: "1000",
      ...(database ? { DATABASE_URL: database.url, SECRETS_KEY: randomBytes(32).toString("base64") } : {}),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("after contact, tankering and the quote are sent without JavaScript", { timeout: 120_000 }, async () => {
    const id = randomBytes(3).toString("hex");
    const contact: Array<[string, string]> = [
      ["Name", `Priya Quillfeather ${id}`],
      ["Email", `priya.${id}@quillfeather.example`],
      ["Company", `Quillfeather Orchards ${id}`],
      ["Phone", "01733 918 274"],
      ["Message", `Windfall apples by the tonne ${id}`],
    ];
    const tankering: Array<[string, string]> = [
      ["Name", `Osric Tankwell ${id}`],
      ["Email", `osric.${id}@tankwell.example`],
      ["Frequency", `Every ninth Tuesday ${id}`],
      ["Phone", "07700 900 461"],
      ["Message", `Grease trap at the back gate ${id}`],
    ];
    const quote = {
      business: `Cidery by the Nene ${id}`,
      waste: `Pressed pomace ${id}`,
      frequency: `Each full moon ${id}`,
      postCode: "PE2 7QX",
      name: `Wilhelmina Vatt ${id}`,
      email: `w.vatt.${id}@cidery.example`,
      phone: "01832 604 117",
    };
    const values = [
      ...contact.map(([, value]) => value),
      ...tankering.map(([, value]) => value),
      ...Object.values(quote),
    ];

    const context = await browser().newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      userAgent: CHROME,
      reducedMotion: "reduce",
    });
    const urls: string[] = [];
    context.on("request", (request) => urls.push(request.url()));
    try {
      const page = await context.newPage();
      page.on("framenavigated", (frame) => urls.push(frame.url()));
      await sendForm(page, "/contact", contact, CONTACT_MESSAGES.success);
      await sendForm(page, "/services/2", tankering, TANKERING_MESSAGES.success);
      await sendQuote(page, quote);
    } finally {
      await context.close();
    }

    // What Insights keeps, as staff export it: once the sends' pages are counted (flushed).
    const staff = await adminPage({ baseURL: server.url, javaScriptEnabled: false });
    let exported = "";
    try {
      const csv = async (table: string) =>
        (await staff.context.request.get(`/admin/dashboard/insights/export.csv?table=${table}`)).text();
      await expect
        .poll(async () => (await csv("pages")).includes("/quote/6"), { timeout: 60_000, interval: 1000 })
        .toBe(true);
      exported = (await Promise.all(INSIGHTS_TABLES.map(csv))).join("\n");
    } finally {
      await staff.context.close();
    }
    const stored = database ? await insightsRows(database.url) : "";

    // The checks see what they search: the log has each post's line, Insights each page.
    const log = server.output();
    expect(log.match(/"method":"POST"/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    expect(exported).toContain("/contact");
    expect(urls.some((url) => url.includes("/quote/5"))).toBe(true);

    expect([
      ...urls.flatMap((url) => leaks(url, decodeURIComponent(url.replaceAll("+", " ")), values)),
      ...urls.flatMap((url) => leaks(url, url, values)),
      ...leaks("the server's log", log, values),
      ...leaks("the Insights export", exported, values),
      ...leaks("the insights tables", stored, values),
    ]).toEqual([]);
  });
});
