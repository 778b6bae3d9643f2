import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { scratchDir as tempDir } from "../../../scripts/scratch-database.mjs";
import { freePort } from "../../../scripts/server-process.mjs";
import { mailOutbox } from "../../db/schema";
import { signIn } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE, VALID_TANKERING, withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { decodeHeader, parseMime, startSmtp } from "../../test/smtp";
import { createOutbox } from "../worker";
import { RETRY_CAP_MS, retryDelay } from "./outbox";

const MAIL_TO = "office@fenland.example";
const HOUR = 60 * 60_000;

describe("retry schedule", () => {
  it("doubles from 10 s and is capped at 30 min, for ever", () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelay(50)).toBe(RETRY_CAP_MS);
    expect(retryDelay(10_000)).toBe(RETRY_CAP_MS);
  });
});

describe.each(TEST_DATABASES)("mail outbox on %s", (kind) => {
  // Workers and apps first, SMTP servers last: a server's close waits for open client connections.
  const cleanups: Array<() => Promise<unknown>> = [];
  const servers: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    while (cleanups.length) await cleanups.pop()?.();
    while (servers.length) await servers.pop()?.();
  };
  afterEach(cleanUp);
  afterAll(cleanUp);

  async function appWith(env: Record<string, string>) {
    // The office's notification alone: visitors' confirmations are tested in enquiry-replies.test.ts.
    const app = await buildTestApp(kind, { MAIL_TO, ENQUIRY_RATE_LIMIT: "1000", AUTO_REPLY: "0", ...env });
    await app.ready();
    cleanups.push(() => app.close());
    cleanups.push(() => app.services.mail.stop());
    return app;
  }
  const submit = async (app: FastifyInstance, url: string, payload: object) =>
    app
      .inject({ method: "POST", url, payload: await withFormToken(app, payload) })
      .then((r) => expect(r.statusCode).toBe(201));
  const states = async (app: FastifyInstance) => app.db.select().from(mailOutbox);

  it("mails every field of each kind to MAIL_TO with Reply-To the visitor", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    const app = await appWith({ SMTP_URL: smtp.url });
    await submit(app, "/api/contact", VALID_CONTACT);
    await submit(app, "/api/quote", VALID_QUOTE);
    await submit(app, "/api/tankering", VALID_TANKERING);
    expect(await app.services.mail.deliverDue()).toBe(3);
    expect(smtp.received).toHaveLength(3);

    const find = (subject: RegExp) => {
      const mail = smtp.received.find((m) => subject.test(decodeHeader(m.headers.subject)));
      if (!mail) throw new Error(`no mail ${subject}`);
      return mail;
    };
    const contact = find(/^Contact message: Jane Fenland \(Fen Farms Ltd\)$/);
    expect(contact.to).toEqual([MAIL_TO]);
    expect(contact.headers["reply-to"]).toBe("Jane Fenland <jane@example.co.uk>");
    for (const value of Object.values(VALID_CONTACT)) expect(contact.text).toContain(value);
    // HTML holds every field, escaped: the visitor's markup is text, not markup.
    expect(contact.html).toContain("Thanks &lt;b&gt;&amp; regards&lt;/b&gt;");
    expect(contact.html).not.toContain("<b>&");
    for (const value of ["Jane Fenland", "jane@example.co.uk", "Fen Farms Ltd", "01733 000 111"])
      expect(contact.html).toContain(value);

    const quote = find(/^Quote request: Quinn Quote, Farming, Vegetable peelings, Fortnightly, PE1 5XG$/);
    expect(quote.headers["reply-to"]).toBe("Quinn Quote <quinn@example.co.uk>");
    for (const value of [
      "Farming",
      "Vegetable peelings",
      "Fortnightly",
      "PE1 5XG",
      "Quinn Quote",
      "quinn@example.co.uk",
      "01733 222 333",
    ]) {
      expect(quote.text).toContain(value);
      expect(quote.html).toContain(value);
    }
    const tankering = find(/^Tankering enquiry: Tom Tanker, Weekly$/);
    for (const value of Object.values(VALID_TANKERING)) {
      expect(tankering.text).toContain(value);
      expect(tankering.html).toContain(value);
    }
    const rows = await states(app);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 1 && r.sentAt && !r.lastError)).toBe(true);
    // Nothing left to send: a second pass sends nothing again.
    expect(await app.services.mail.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it("keeps mail through an SMTP outage and delivers it once the server is back", async () => {
    const port = await freePort();
    const app = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await submit(app, "/api/contact", VALID_CONTACT);
    expect(await app.services.mail.deliverDue()).toBe(0);
    let [row] = await states(app);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: no attempt is made before the backoff.
    expect(await app.services.mail.deliverDue()).toBe(0);
    expect((await states(app))[0].attempts).toBe(1);
    const list = (
      await app.inject({
        method: "GET",
        url: "/api/admin/enquiries",
        headers: { authorization: await bearer(app) },
      })
    ).json();
    expect(list.data[0].mail).toEqual({ state: "pending", attempts: 1 });

    const smtp = await startSmtp(port);
    servers.push(smtp.close);
    // The sign-in above came from a browser the account had not used: its notice goes too.
    expect(await app.services.mail.deliverDue(new Date(Date.now() + HOUR))).toBe(2);
    [row] = (await states(app)).filter((r) => r.enquiryId !== null);
    expect(row).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    const office = smtp.received.filter((mail) => mail.to.includes(MAIL_TO));
    expect(office).toHaveLength(1);
    expect(office[0].text).toContain(VALID_CONTACT.message);
  });

  it("keeps retrying a message older than 24 hours after a temporary failure", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    smtp.answer.refuseWith = 451;
    const app = await appWith({ SMTP_URL: smtp.url });
    await submit(app, "/api/tankering", VALID_TANKERING);
    expect(await app.services.mail.deliverDue(new Date(Date.now() + 25 * HOUR))).toBe(0);
    let [row] = await states(app);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    await app.services.mail.deliverDue(new Date(Date.now() + 50 * HOUR));
    [row] = await states(app);
    expect(row).toMatchObject({ state: "pending", attempts: 2 });
    // Due again at the capped interval: a day-long outage loses nothing.
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 50 * HOUR + RETRY_CAP_MS);
    smtp.answer.refuseWith = undefined;
    expect(await app.services.mail.deliverDue(new Date(Date.now() + 51 * HOUR))).toBe(1);
    expect((await states(app))[0]).toMatchObject({ state: "sent", attempts: 3 });
  });

  it("marks mail failed at once when the mail server refuses it for good (5xx), logged as an error", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    smtp.answer.refuseWith = 550;
    const app = await appWith({ SMTP_URL: smtp.url });
    await submit(app, "/api/contact", VALID_CONTACT);
    const logged: Array<[string, string]> = [];
    const logger = {
      error: (_details: object, message: string) => logged.push(["error", message]),
      warn: (_details: object, message: string) => logged.push(["warn", message]),
    } as unknown as FastifyBaseLogger;
    const worker = createOutbox(app.db, app.config, { logger });
    cleanups.push(() => worker.stop());
    expect(await worker.deliverDue()).toBe(0);
    const [row] = await states(app);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/550/);
    expect(logged).toEqual([["error", expect.stringMatching(/refused by the mail server/)]]);
    expect(await worker.deliverDue(new Date(Date.now() + 2 * HOUR))).toBe(0);
    expect((await states(app))[0].attempts).toBe(1);
  });

  it("never sends a message twice when two workers share a slow mail server", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    smtp.answer.delayMs = 300;
    const app = await appWith({ SMTP_URL: smtp.url });
    const count = 16;
    for (let i = 0; i < count; i++)
      await submit(app, "/api/contact", { ...VALID_CONTACT, name: `Slow lead ${i}` });
    // A server slower than the send budget: a claim lapses before its last rows are sent, while the
    // other worker polls. Each send renews its own lease, fenced to the claim.
    const options = { leaseMs: 1_000, sendBudgetMs: 250 };
    const a = createOutbox(app.db, app.config, options);
    const b = createOutbox(app.db, app.config, options);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    let sent = 0;
    const poll = async (worker: typeof a) => {
      while ((await states(app)).some((r) => r.state === "pending")) {
        const delivered = await worker.deliverDue();
        sent += delivered;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await Promise.all([poll(a), poll(b)]);
    expect(new Set(smtp.received.map((m) => m.headers["message-id"])).size).toBe(count);
    expect(smtp.received).toHaveLength(count);
    expect(sent).toBe(count);
  });

  it("stops claiming on stop (SIGTERM) with a backlog, finishing only the sends in flight", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    smtp.answer.delayMs = 200;
    const app = await appWith({ SMTP_URL: smtp.url });
    await app.services.mail.stop(); // the app's own worker stays out of it
    const backlog = 40;
    for (let i = 0; i < backlog; i++)
      await submit(app, "/api/contact", { ...VALID_CONTACT, name: `Backlog lead ${i}` });
    const worker = createOutbox(app.db, app.config);
    cleanups.push(() => worker.stop());
    worker.start();
    while (smtp.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    const rows = await states(app);
    const sent = rows.filter((r) => r.state === "sent").length;
    expect(sent).toBe(smtp.received.length);
    expect(sent).toBeLessThan(backlog);
    // Nothing claimed was left half done: the rest is pending for the next start.
    expect(rows.filter((r) => r.state === "pending")).toHaveLength(backlog - sent);
  });

  it("never sends a message twice when two workers run at once", async () => {
    const smtp = await startSmtp();
    servers.push(smtp.close);
    const app = await appWith({ SMTP_URL: smtp.url });
    const count = 30;
    for (let i = 0; i < count; i++)
      await submit(app, "/api/contact", { ...VALID_CONTACT, name: `Lead ${i}` });
    const a = createOutbox(app.db, app.config);
    const b = createOutbox(app.db, app.config);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentA + sentB).toBe(count);
    expect(smtp.received).toHaveLength(count);
    expect(new Set(smtp.received.map((m) => m.headers["message-id"])).size).toBe(count);
    expect((await states(app)).every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
  });

  it("sends mail queued in the same millisecond as the claim", async () => {
    const app = await appWith({ DATA_DIR: tempDir("outbox-same-moment-") });
    await submit(app, "/api/quote", VALID_QUOTE);
    // The database stamps to the microsecond, this process's clock to the millisecond: a row
    // stamped 0.7 ms into the claim's millisecond is due (Date frozen, so the claim's clock is exact).
    const moment = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`${moment.toISOString()}::timestamptz + interval '700 microseconds'` });
    vi.useFakeTimers({ toFake: ["Date"], now: moment });
    try {
      expect(await app.services.mail.deliverDue()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect((await states(app)).map((row) => row.state)).toEqual(["sent"]);
  });

  it("writes .eml files into DATA_DIR/mail without SMTP_URL", async () => {
    const dataDir = tempDir("outbox-eml-");
    const app = await appWith({ DATA_DIR: dataDir });
    await submit(app, "/api/quote", VALID_QUOTE);
    expect(await app.services.mail.deliverDue()).toBe(1);
    const files = readdirSync(`${dataDir}/mail`);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMime(readFileSync(`${dataDir}/mail/${files[0]}`, "utf8"));
    expect(mail.headers.to).toBe(MAIL_TO);
    expect(mail.text).toContain("PE1 5XG");
    const [row] = await states(app);
    expect(row.state).toBe("sent");
    await app.db.update(mailOutbox).set({ state: "pending" }).where(eq(mailOutbox.id, row.id));
    // A retry of the same message overwrites its file rather than adding a second one.
    await app.services.mail.deliverDue();
    expect(readdirSync(`${dataDir}/mail`)).toHaveLength(1);
  });
});

async function bearer(app: FastifyInstance) {
  return `Bearer ${await signIn(app)}`;
}
