import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { TEST_DATABASES, testDatabases } from "../test/harness";
import { createLane, type Outcome } from "./lane";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

type Row = { id: string; attempts: number; subject: string };
type Answer = Outcome<typeof mailOutbox> | Promise<Outcome<typeof mailOutbox>>;

/**
 * A lane of the kit on mail_outbox whose sends go to memory: `answer` says what became of each
 * (sent by default); `sends` lists the subjects each send was made for.
 */
function memoryLane(
  db: Database,
  options: {
    answer?: (row: Row) => Answer;
    batch?: number;
    concurrency?: number;
    leaseMs?: number;
    renewMs?: number;
    endPassOnFailure?: boolean;
  } = {},
) {
  const sends: string[] = [];
  const aborts: number[] = [];
  const lane = createLane<typeof mailOutbox, Row>(db, {
    name: "memory",
    table: mailOutbox,
    read: (r) => {
      const message = (typeof r.message === "string" ? JSON.parse(r.message) : r.message) as {
        subject: string;
      };
      return { id: r.id as string, attempts: Number(r.attempts), subject: message.subject };
    },
    batch: options.batch ?? 4,
    concurrency: options.concurrency ?? 4,
    leaseMs: options.leaseMs,
    renewMs: options.renewMs,
    retryDelay: (attempts) => attempts * MINUTE,
    endPassOnFailure: options.endPassOnFailure ?? false,
    async send(row, _batch, { start }) {
      if (!(await start())) return { result: "left" };
      sends.push(row.subject);
      return (await options.answer?.(row)) ?? { result: "sent", set: { sentAt: new Date() } };
    },
    abortSends: () => aborts.push(Date.now()),
    metrics: {
      pending: { name: "memory_pending", help: "waiting" },
      sent: { name: "memory_sent_total", help: "sent" },
      failed: { name: "memory_failures_total", help: "failed" },
    },
  });
  return { lane, sends, aborts };
}

/** A gate a send waits at until the test opens it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe.each(TEST_DATABASES)("the outbox kit on %s", (kind) => {
  const open = testDatabases();

  async function setUp(subjects: string[]) {
    const { db } = await open(kind);
    for (const [i, subject] of subjects.entries())
      await db.insert(mailOutbox).values({
        kind: "invite",
        message: { to: "colleague@example.co.uk", subject, text: "." },
        // Due in the order given (a claim takes the longest due first).
        nextAttemptAt: new Date(Date.now() - (subjects.length - i) * 1_000),
      });
    const row = async (subject: string) => {
      const rows = await db.select().from(mailOutbox);
      const found = rows.find((r) => r.message?.subject === subject);
      if (!found) throw new Error(`no row ${subject}`);
      return found;
    };
    /** Makes a row's lease lapse now, as if its holder stopped renewing it long ago. */
    const lapse = async (subject: string) =>
      db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(mailOutbox.id, (await row(subject)).id));
    return { db, row, lapse };
  }

  it("sends every due row once, writes it sent and counts it", async () => {
    const { db, row } = await setUp(["one", "two", "three"]);
    const { lane, sends } = memoryLane(db);
    expect(await lane.deliverDue()).toBe(3);
    expect(await lane.deliverDue()).toBe(0);
    expect(sends.toSorted()).toEqual(["one", "three", "two"]);
    for (const subject of ["one", "two", "three"])
      expect(await row(subject)).toMatchObject({ state: "sent", attempts: 1 });
    expect(lane.stats()).toEqual({ sent: 3, failed: 0 });
  });

  it("backs a failed attempt off by the lane's schedule, gives up a final one, and leaves a refused one uncounted", async () => {
    const { db, row } = await setUp(["busy", "refused for good", "nowhere to send", "lost"]);
    const answers: Record<string, Outcome<typeof mailOutbox>> = {
      busy: { result: "retry", set: { lastError: "451 try later" } },
      "refused for good": { result: "failed", set: { lastError: "550 no such mailbox" } },
      "nowhere to send": { result: "refused", set: { lastError: "nothing to send" } },
      lost: { result: "left" },
    };
    const { lane } = memoryLane(db, { answer: (r) => answers[r.subject] });
    expect(await lane.deliverDue()).toBe(0);
    expect(await row("busy")).toMatchObject({ state: "pending", attempts: 1, lastError: "451 try later" });
    const due = (await row("busy")).nextAttemptAt.getTime() - Date.now();
    expect(due).toBeGreaterThan(MINUTE - 5_000); // the retry delay of a first attempt
    expect(due).toBeLessThanOrEqual(MINUTE);
    expect(await row("refused for good")).toMatchObject({
      state: "failed",
      lastError: "550 no such mailbox",
    });
    expect(await row("nowhere to send")).toMatchObject({ state: "failed", lastError: "nothing to send" });
    // Left: nothing written, its claim's lease holds it until it lapses.
    expect(await row("lost")).toMatchObject({ state: "pending", attempts: 1, lastError: null });
    expect(lane.stats()).toEqual({ sent: 0, failed: 2 });

    // Not due before its delay; due after it, as the next attempt.
    answers.busy = { result: "sent" };
    answers.lost = { result: "sent" };
    expect(await lane.deliverDue(new Date(Date.now() + 30_000))).toBe(1); // the lost row's lease lapsed
    expect(await row("busy")).toMatchObject({ state: "pending", attempts: 1 });
    expect(await lane.deliverDue(new Date(Date.now() + MINUTE + 1_000))).toBe(1);
    expect(await row("busy")).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("ends a pass at a batch with a failure when the lane says so, leaving the rest for later", async () => {
    const { db, row } = await setUp(["first", "second"]);
    const failing = (r: Row): Outcome<typeof mailOutbox> =>
      r.subject === "first" ? { result: "retry" } : { result: "sent" };
    const ending = memoryLane(db, { answer: failing, batch: 1, concurrency: 1, endPassOnFailure: true });
    expect(await ending.lane.deliverDue()).toBe(0);
    expect(ending.sends).toEqual(["first"]);
    expect(await row("second")).toMatchObject({ state: "pending", attempts: 0 });
    const going = memoryLane(db, { answer: failing, batch: 1, concurrency: 1 });
    expect(await going.lane.deliverDue()).toBe(1);
    expect(going.sends).toEqual(["second"]);
  });

  it("fences every update to the claim: a holder whose lease lapsed cannot complete, nor start, a row another worker took", async () => {
    const { db, row, lapse } = await setUp(["one", "two"]);
    const firstSend = gate();
    // One send at a time, held at the gate, and no renewal within the test: the leases lapse only
    // when told to. Whichever row it sends first is 'sending', the other is 'waiting'.
    const stale = memoryLane(db, {
      concurrency: 1,
      leaseMs: 10 * MINUTE,
      renewMs: 10 * MINUTE,
      answer: async () => {
        await firstSend.opened;
        return { result: "sent", set: { lastError: "written by the stale holder" } };
      },
    });
    const pass = stale.lane.deliverDue();
    while (stale.sends.length === 0) await sleep(10);
    const [sending] = stale.sends;
    const waiting = sending === "one" ? "two" : "one";
    // Both of its claims lapse (as if it had stopped renewing them); another worker takes them.
    await lapse("one");
    await lapse("two");
    const other = memoryLane(db, {
      answer: (r) =>
        r.subject === sending
          ? { result: "retry", set: { lastError: "the other worker's attempt" } }
          : { result: "sent" },
    });
    expect(await other.lane.deliverDue()).toBe(1);
    firstSend.open();
    await pass;
    // Its completion of the row it was sending changed nothing: the other worker's attempt stands.
    expect(await row(sending)).toMatchObject({
      state: "pending",
      attempts: 2,
      lastError: "the other worker's attempt",
    });
    // The waiting row was not sent by it at all: the lease renewal as its send started found the claim gone.
    expect(stale.sends).toEqual([sending]);
    expect(await row(waiting)).toMatchObject({ state: "sent", attempts: 2, lastError: null });
  });

  it("renews the leases of the rows a pass holds, so a slow send keeps its row", async () => {
    const { db, row } = await setUp(["held"]);
    const slowSend = gate();
    // Renewed every 500 ms, a renewal may come a second late (a loaded machine) without a lapse.
    const holder = memoryLane(db, {
      leaseMs: 1_500,
      renewMs: 500,
      answer: async () => {
        await slowSend.opened;
        return { result: "sent" };
      },
    });
    const pass = holder.lane.deliverDue();
    while (holder.sends.length === 0) await sleep(10);
    const other = memoryLane(db, { leaseMs: 1_500 });
    // Three leases' time: the row stays held, the other worker never takes it.
    for (const started = Date.now(); Date.now() - started < 4_500; ) {
      expect(await other.lane.deliverDue()).toBe(0);
      await sleep(100);
    }
    slowSend.open();
    expect(await pass).toBe(1);
    expect(other.sends).toEqual([]);
    expect(await row("held")).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("recovers a dead worker's rows: due when its lease lapses, or at once (the embedded database's start)", async () => {
    const { db, row } = await setUp(["claimed by the dead", "also claimed by the dead"]);
    // A worker claimed both (15 s lease) and died.
    await db.execute(
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '15 seconds'`,
    );
    const { lane, sends } = memoryLane(db, { batch: 1 });
    expect(await lane.deliverDue()).toBe(0);
    expect(await lane.deliverDue(new Date(Date.now() + 16_000))).toBe(2);
    expect(sends.toSorted()).toEqual(["also claimed by the dead", "claimed by the dead"]);
    expect(await row("claimed by the dead")).toMatchObject({ state: "sent", attempts: 2 });

    const again = await setUp(["left by a previous life"]);
    await again.db.execute(
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '15 seconds'`,
    );
    const restarted = memoryLane(again.db);
    await restarted.lane.recover();
    expect(await restarted.lane.deliverDue()).toBe(1);
    expect(await again.row("left by a previous life")).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("cuts its sends off before their leases lapse when it cannot renew them", async () => {
    const { db, row } = await setUp(["cut off"]);
    const leaseMs = 900;
    let dead = false;
    const deadDb = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (dead) throw new Error("the database is out of reach");
          return value.apply(target, args);
        };
      },
    }) as Database;
    let claimedAt = 0;
    const hanging = gate();
    const dying = memoryLane(deadDb, {
      leaseMs,
      answer: async () => {
        claimedAt = Date.now();
        dead = true;
        await hanging.opened;
        return { result: "retry" };
      },
    });
    const pass = dying.lane.deliverDue().catch(() => -1);
    while (dying.aborts.length === 0) await sleep(10);
    expect(dying.aborts[0] - claimedAt).toBeLessThan(leaseMs);
    hanging.open();
    expect(await pass).toBe(-1);
    // Nothing it wrote: whoever claims the row next sends it.
    expect(await row("cut off")).toMatchObject({ state: "pending", attempts: 1 });
  });
});
