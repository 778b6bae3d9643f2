import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../../common/admin-messages";
import { OPENING_HOURS_TEXT } from "../../../common/company";
import { HONEYPOT_FIELD } from "../../../common/leads/enquiries";
import { mailOutbox } from "../../db/schema";
import { bearer, signIn } from "../../test/content";
import { VALID_CONTACT, VALID_QUOTE, withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES, testConfig } from "../../test/harness";
import { decodeHeader, startSmtp } from "../../test/smtp";

const MAIL_TO = "office@fenland.example";

describe("AUTO_REPLY", () => {
  it("is on by default when SMTP_URL is set, off without it, and follows AUTO_REPLY", () => {
    expect(testConfig({}).autoReply).toBe(false);
    expect(testConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).autoReply).toBe(true);
    expect(testConfig({ SMTP_URL: "smtp://127.0.0.1:2525", AUTO_REPLY: "0" }).autoReply).toBe(false);
    expect(testConfig({ AUTO_REPLY: "1" }).autoReply).toBe(true);
    expect(() => testConfig({ AUTO_REPLY: "yes" })).toThrow(/AUTO_REPLY must be 0 or 1/);
  });
});

describe.each(TEST_DATABASES)("replies to visitors on %s", (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    while (cleanups.length) await cleanups.pop()?.();
  };
  afterEach(cleanUp);
  afterAll(cleanUp);

  async function setUp(env: Record<string, string> = {}) {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const app = await buildTestApp(kind, { MAIL_TO, SMTP_URL: smtp.url, ENQUIRY_RATE_LIMIT: "1000", ...env });
    cleanups.push(() => app.close());
    cleanups.push(() => app.services.mail.stop());
    return { app, smtp };
  }
  const submit = async (app: FastifyInstance, url: string, payload: object) => {
    const res = await app.inject({ method: "POST", url, payload: await withFormToken(app, payload) });
    expect(res.statusCode).toBe(201);
    return res.json().reference as string;
  };
  const subjects = (smtp: Awaited<ReturnType<typeof startSmtp>>) =>
    smtp.received.map((m) => `${m.to.join(",")} ${decodeHeader(m.headers.subject)}`);

  it("mails each visitor one confirmation with their reference, after the office's mail; never for spam", async () => {
    const { app, smtp } = await setUp();
    const reference = await submit(app, "/api/contact", VALID_CONTACT);
    const quoteRef = await submit(app, "/api/quote", VALID_QUOTE);
    await submit(app, "/api/contact", {
      ...VALID_CONTACT,
      email: "bot@example.co.uk",
      [HONEYPOT_FIELD]: "x",
    });
    await app.services.mail.deliverDue();
    await app.services.mail.deliverDue();

    const sent = subjects(smtp);
    expect(sent).toHaveLength(4);
    expect(sent.filter((s) => s.startsWith(MAIL_TO))).toHaveLength(2);
    const confirmation = smtp.received.find((m) => m.to.includes(VALID_CONTACT.email));
    expect(decodeHeader(confirmation?.headers.subject ?? "")).toBe(`We have your message (${reference})`);
    expect(confirmation?.text).toContain(`Your reference is ${reference}`);
    expect(confirmation?.text).toContain(OPENING_HOURS_TEXT);
    expect(confirmation?.headers["reply-to"]).toContain(MAIL_TO);
    expect(smtp.received.find((m) => m.to.includes(VALID_QUOTE.contact.email))?.text).toContain(quoteRef);
    // The office's mail about each enquiry went first.
    const officeFirst = sent.findIndex((s) => s.startsWith(MAIL_TO));
    expect(officeFirst).toBe(0);
    expect(sent.some((s) => s.includes("bot@example.co.uk"))).toBe(false);
    // Once each.
    expect(await app.services.mail.deliverDue()).toBe(0);
  });

  it("holds the confirmation while the office's mail is failing", async () => {
    const { app, smtp } = await setUp();
    smtp.answer.refuseWith = 451;
    await submit(app, "/api/contact", VALID_CONTACT);
    await app.services.mail.deliverDue();
    const rows = await app.db.select().from(mailOutbox);
    expect(rows.find((r) => r.kind === "notification")?.attempts).toBe(1);
    expect(rows.find((r) => r.kind === "confirmation")?.attempts).toBe(0);
    smtp.answer.refuseWith = undefined;
    await app.services.mail.deliverDue(new Date(Date.now() + 60_000));
    await app.services.mail.deliverDue(new Date(Date.now() + 60_000));
    expect(subjects(smtp).map((s) => s.split(" ")[0])).toEqual([MAIL_TO, VALID_CONTACT.email]);
  });

  it("sends none with AUTO_REPLY=0", async () => {
    const { app, smtp } = await setUp({ AUTO_REPLY: "0" });
    await submit(app, "/api/contact", VALID_CONTACT);
    await app.services.mail.deliverDue();
    expect(subjects(smtp)).toEqual([expect.stringMatching(new RegExp(`^${MAIL_TO} `))]);
  });

  it("staff reply from the enquiry: mailed to the visitor, kept in the timeline", async () => {
    const { app, smtp } = await setUp({ AUTO_REPLY: "0" });
    const token = await signIn(app);
    const reference = await submit(app, "/api/contact", VALID_CONTACT);
    const [listed] = (
      await app.inject({ method: "GET", url: "/api/admin/enquiries", headers: bearer(token) })
    ).json().data;
    const url = `/api/admin/enquiries/${listed._id}/replies`;
    const empty = await app.inject({ method: "POST", url, headers: bearer(token), payload: { text: " " } });
    expect(empty.json()).toEqual({ status: "Error", message: LEAD_MESSAGES.replyEmpty });
    const res = await app.inject({
      method: "POST",
      url,
      headers: bearer(token),
      payload: { text: "Hello Jane,\nwe can collect on Tuesday." },
    });
    expect(res.statusCode).toBe(201);
    const { timeline, reference: shown } = res.json().data;
    expect(shown).toBe(reference);
    expect(timeline[0]).toMatchObject({
      type: "reply",
      data: { text: "Hello Jane,\nwe can collect on Tuesday." },
    });
    await app.services.mail.deliverDue();
    const mail = smtp.received.find((m) => m.to.includes(VALID_CONTACT.email));
    expect(decodeHeader(mail?.headers.subject ?? "")).toContain(reference);
    expect(mail?.text).toContain("we can collect on Tuesday.");
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reply"));
    expect(row).toMatchObject({ state: "sent", message: null });
  });
});
