import { afterAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../scripts/scratch-database.mjs";
import { freePort, startBuiltServer } from "../../scripts/server-process.mjs";
import { openDatabase } from "../../server/db/client";
import { createEnquiryService } from "../../server/services/leads/enquiries";
import { VALID_CONTACT } from "../../server/test/enquiry-fixtures";
import { startSmtp } from "../../server/test/smtp";
import { formTokens, sendEnquiry } from "./form-tokens";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe("enquiry durability", () => {
  it("keeps acknowledged enquiries through SIGKILL and an SMTP outage, and mails them after restart", {
    timeout: 120_000,
  }, async () => {
    const dataDir = scratchDir("site-durability-");
    const smtpPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_TO: "office@fenland.example",
      SEED_DEMO: "0",
    };

    // First life: the mail server is down. Every 201 must survive a kill right after it.
    const first = await startBuiltServer(env);
    const names = Array.from({ length: 5 }, (_, i) => `Durable ${i} ${Date.now()}`);
    const tokens = await formTokens(first.url, names.length);
    const answers = await Promise.all(
      names.map((name, i) => sendEnquiry(first.url, "/api/contact", { ...VALID_CONTACT, name }, tokens[i])),
    );
    first.child.kill("SIGKILL");
    await first.exited;
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));

    // Second life: the mail server is back; every message arrives, each once.
    const smtp = await startSmtp(smtpPort);
    cleanups.push(smtp.close);
    const second = await startBuiltServer(env);
    cleanups.push(() => second.stop());
    // The office's notifications (their subjects name the visitor) among the visitors' own
    // confirmations, which may arrive first: wait for every name, not for a count of messages.
    const subjects = () => smtp.received.map((m) => m.headers.subject);
    const deadline = Date.now() + 60_000;
    while (!names.every((name) => subjects().some((s) => s.includes(name))) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    for (const name of names) expect(subjects().filter((s) => s.includes(name))).toHaveLength(1);
    expect(await second.stop("SIGTERM")).toBe(0);

    // The enquiries are listed, their mail recorded as sent.
    const database = await openDatabase({ dataDir });
    try {
      const { data: listed } = await createEnquiryService(database.db).list();
      expect(listed.map((e) => e.fields.name).sort()).toEqual([...names].sort());
      expect(listed.every((e) => e.mail?.state === "sent")).toBe(true);
    } finally {
      await database.close();
    }
  });
});
