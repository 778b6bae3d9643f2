import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { VALID_CONTACT, withFormToken } from "../../test/enquiry-fixtures";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { startSmtp } from "../../test/smtp";
import { OUTBOX_LEASE_MS, OUTBOX_POLL_MS, OUTBOX_RENEW_MS } from "../leases";
import { createOutbox } from "../worker";
import type { MailTransport } from "./transport";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lead reaches the office within 30 s even when the instance that claimed its mail dies: claims
 * hold a short lease, renewed while the worker lives (its rows waiting or being sent), so another
 * worker takes a dead one's mail soon, and never a live one's, so no message goes twice.
 */
describe("outbox leases", () => {
  it("are short enough for a dead instance's mail to reach the office within 30 s", () => {
    expect(OUTBOX_RENEW_MS * 2).toBeLessThanOrEqual(OUTBOX_LEASE_MS);
    // The lease lapses, the next poll of a living instance claims it, with time left to send.
    expect(OUTBOX_LEASE_MS + OUTBOX_POLL_MS).toBeLessThanOrEqual(20_000);
  });
});

describe.each(TEST_DATABASES)("outbox leases on %s", (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  async function setUp(leads: number) {
    const smtp = await startSmtp();
    const app: FastifyInstance = await buildTestApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_TO: "office@fenland.example",
      AUTO_REPLY: "0",
      ENQUIRY_RATE_LIMIT: "1000",
    });
    cleanups.push(
      smtp.close,
      () => app.close(),
      () => app.services.mail.stop(),
    );
    for (let i = 0; i < leads; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: await withFormToken(app, { ...VALID_CONTACT, name: `Lease lead ${i}` }),
      });
      expect(res.statusCode).toBe(201);
    }
    return { smtp, app };
  }
  const rows = (app: FastifyInstance) => app.db.select().from(mailOutbox);

  it("a worker whose sends outlast several leases keeps its rows: the other worker never sends them", async () => {
    const { smtp, app } = await setUp(2);
    // Three leases of 3 s, renewed every second: a renewal may come up to 2 s late (a loaded
    // machine's event loop, busy with the other worker's polls) without the lease lapsing. With
    // leases of 500 ms a renewal 333 ms late lost them: the slow worker sent 0 under load.
    smtp.answer.delayMs = 9_000;
    const options = { leaseMs: 3_000 };
    const slow = createOutbox(app.db, app.config, options);
    const other = createOutbox(app.db, app.config, options);
    cleanups.push(
      () => slow.stop(),
      () => other.stop(),
    );
    const sending = slow.deliverDue();
    let otherSent = 0;
    while ((await rows(app)).some((row) => row.state === "pending")) {
      otherSent += await other.deliverDue();
      await sleep(100);
    }
    expect(await sending).toBe(2);
    expect(otherSent).toBe(0);
    expect(smtp.received).toHaveLength(2);
    expect((await rows(app)).every((row) => row.state === "sent" && row.attempts === 1)).toBe(true);
  });

  it("a dead worker's mail is sent by another within a lease; its own sends were cut off first", async () => {
    const { smtp, app } = await setUp(2);
    const leaseMs = 900;
    // The worker that dies: its sends hang until aborted, then it can no longer reach the database.
    let dead = false;
    let abortedAt = 0;
    const aborts: Array<(error: Error) => void> = [];
    let started = 0;
    const hanging: MailTransport = {
      send: () =>
        new Promise<void>((_resolve, reject) => {
          started += 1;
          aborts.push(reject);
        }),
      close: () => {
        abortedAt = Date.now();
        for (const abort of aborts.splice(0)) abort(new Error("connection closed"));
      },
    };
    const deadDb = new Proxy(app.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (dead) throw new Error("instance is gone");
          return value.apply(target, args);
        };
      },
    }) as Database;
    const dying = createOutbox(deadDb, app.config, { transport: hanging, leaseMs });
    const living = createOutbox(app.db, app.config, { leaseMs });
    cleanups.push(() => living.stop());
    const pass = dying.deliverDue().catch(() => -1);
    while (started < 2) await sleep(10);
    dead = true;
    const diedAt = Date.now();

    let firstSentAt = 0;
    while ((await rows(app)).some((row) => row.state === "pending")) {
      if ((await living.deliverDue()) > 0 && !firstSentAt) firstSentAt = Date.now();
      await sleep(50);
    }
    expect(await pass).toBe(-1);
    // Taken over once the lease lapsed, not before, and well within it plus a poll.
    expect(firstSentAt - diedAt).toBeGreaterThanOrEqual(leaseMs / 2);
    expect(firstSentAt - diedAt).toBeLessThan(leaseMs + 1_000);
    // The dying worker cut its own sends off before anyone else could hold its rows.
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt).toBeLessThan(firstSentAt);
    expect(smtp.received).toHaveLength(2);
    expect((await rows(app)).every((row) => row.state === "sent" && row.attempts === 2)).toBe(true);
  });
});
