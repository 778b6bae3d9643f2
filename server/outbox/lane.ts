import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import type { mailOutbox, webhookDeliveries } from "../db/schema";
import { dueBefore, OUTBOX_LEASE_MS, OUTBOX_RENEW_MS } from "./leases";

/**
 * One lane of the durable outbox, written once: the mail (./mail) and the webhooks (./webhooks)
 * are configurations of it. Due rows are claimed in one statement with `FOR UPDATE SKIP LOCKED`
 * and a lease; every update after the claim is fenced to it (row, attempt number, still
 * pending); the leases of the rows a pass holds are renewed while it holds them, and the sends in
 * flight are cut off before those leases could lapse; a dead worker's rows are due again when its
 * lease lapses (`recover` makes them due at once where the database is this process's own).
 * The lane says what it sends and how (`send`), and its table, batch, lease, retry schedule and
 * metrics. See docs/decisions/0007-enquiry-outbox.md, 0025 and 0031.
 */

/** The tables that are lanes: each row has an id, a state, an attempt number and when it is next due. */
export type OutboxTable = typeof mailOutbox | typeof webhookDeliveries;

/** What a claim returns of every row (the lane reads its own columns beside). */
export interface ClaimedRow {
  id: string;
  attempts: number;
}

/** The columns of the lane's table a row's update sets (its state, lease and next attempt are the kit's). */
export type RowUpdate<T extends OutboxTable> = Partial<Omit<T["$inferInsert"], "id" | "state" | "attempts">>;

/**
 * What became of one claimed row, as the lane's `send` answers. The kit writes it, fenced to the
 * claim, counts it, then runs `after` (the lane's log line, an endpoint disabled).
 */
export type Outcome<T extends OutboxTable> =
  /** Delivered: `sent`. */
  | { result: "sent"; set?: RowUpdate<T>; after?: () => unknown }
  /** An attempt failed: due again after the lane's retry delay for its attempt number. */
  | { result: "retry"; set?: RowUpdate<T>; after?: () => unknown }
  /** An attempt failed for good: `failed`. */
  | { result: "failed"; set?: RowUpdate<T>; after?: () => unknown }
  /** Given up without an attempt (nothing to send to): `failed`, not counted as a failed attempt. */
  | { result: "refused"; set?: RowUpdate<T>; after?: () => unknown }
  /** Nothing written: the claim was lost, or there is nothing to send yet (left to its lease). */
  | { result: "left" };

export interface SendContext<T extends OutboxTable> {
  /** This pass's clock (`deliverDue(at)` shifts it). */
  clock: () => Date;
  log: FastifyBaseLogger | undefined;
  /**
   * Renews the row's lease as its send starts, fenced to the claim (with `set` too: when the
   * attempt began). False when the claim was lost (it lapsed and another worker took the row):
   * nothing may be sent, answer `left`.
   */
  start(set?: RowUpdate<T>): Promise<boolean>;
}

/** A lane's series on /metrics (server/plugins/metrics.ts): what waits and what failed. */
export interface LaneMetrics {
  /** Rows pending, in every instance (a gauge). */
  pending: { name: string; help: string };
  /** Age of the oldest pending row, in seconds (a gauge). */
  oldest?: { name: string; help: string };
  /** Rows this instance delivered (a counter). */
  sent: { name: string; help: string };
  /** Attempts of this instance that failed (a counter). */
  failed: { name: string; help: string };
}

export interface LaneConfig<T extends OutboxTable, Row extends ClaimedRow, Batch> {
  /** Names the lane in log lines ("mail", "webhooks"). */
  name: string;
  table: T;
  /** More conditions a due row meets, on the candidate row `o` (SQL). */
  due?: SQL;
  /** A claimed row, from the claim's `returning *` (database column names). */
  read(raw: Record<string, unknown>): Row;
  /** Rows claimed at once: no more than can all be started before their lease ends. */
  batch: number;
  /** Sends in flight at once, in claim order. */
  concurrency: number;
  /** A claim's lease (default OUTBOX_LEASE_MS). */
  leaseMs?: number;
  /** How often held leases are renewed (default OUTBOX_RENEW_MS, or a third of a lease given). */
  renewMs?: number;
  /** The wait before the next attempt after a failed one, by attempt number (1 the first). */
  retryDelay(attempts: number): number;
  /** A batch with any row not sent ends the pass (the mail server is struggling): the rest waits. */
  endPassOnFailure: boolean;
  /** Read once a batch, before its sends (the mail's enquiries, the published site details). */
  prepare?(rows: Row[]): Promise<Batch>;
  /** Sends one claimed row (calling `context.start` first) and says what became of it. */
  send(row: Row, batch: Batch, context: SendContext<T>): Promise<Outcome<T>>;
  /** Cuts off the sends in flight: their leases are about to lapse (self-fencing). */
  abortSends(): void;
  /** Closes what the sends hold open (connections); the next send opens them again. */
  close?(): void;
  metrics: LaneMetrics;
  logger?: FastifyBaseLogger;
}

/** One lane, as the outbox worker (./worker.ts) runs it in each of its passes. */
export interface OutboxLane {
  readonly name: string;
  readonly table: OutboxTable;
  readonly metrics: LaneMetrics;
  /** One pass: sends every due row; answers how many were sent (`at` shifts the clock). */
  deliverDue(at?: Date, stopping?: () => boolean): Promise<number>;
  /** The embedded database's start: claims left by a previous life of this process are due now. */
  recover(): Promise<void>;
  setLogger(logger: FastifyBaseLogger | undefined): void;
  /** Closes the lane's connections (the worker's stop); the next send opens them again. */
  close(): void;
  /** Rows sent and attempts failed by this process so far (/metrics). */
  stats(): { sent: number; failed: number };
}

/** The kit's view of a lane's table: the columns every lane has (drizzle types an update per table). */
type AnyLaneTable = typeof mailOutbox;

export function createLane<T extends OutboxTable, Row extends ClaimedRow, Batch = undefined>(
  db: Database,
  config: LaneConfig<T, Row, Batch>,
): OutboxLane {
  const table = config.table as AnyLaneTable;
  const { name, batch, concurrency } = config;
  let log = config.logger;
  const leaseMs = config.leaseMs ?? OUTBOX_LEASE_MS;
  const renewMs = config.renewMs ?? (config.leaseMs ? Math.floor(leaseMs / 3) : OUTBOX_RENEW_MS);
  const counts = { sent: 0, failed: 0 };

  /** The claim is the row at this attempt number: every update after it is fenced to it. */
  const fenced = (row: ClaimedRow) =>
    and(eq(table.id, row.id), eq(table.attempts, row.attempts), eq(table.state, "pending"));
  const update = (row: ClaimedRow, values: Record<string, unknown>) =>
    db
      .update(table)
      .set(values as RowUpdate<AnyLaneTable>)
      .where(fenced(row))
      .returning({ id: table.id });

  /**
   * Claims due rows in one statement: `FOR UPDATE SKIP LOCKED` keeps concurrent workers (several
   * instances on one PostgreSQL) off each other's rows, and the lease moves next_attempt_at so
   * the claim outlives the short transaction without holding a lock during the sends.
   */
  async function claim(now: Date): Promise<Row[]> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      update ${table} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
      where id in (
        select o.id from ${table} o
        where o.state = 'pending' and o.next_attempt_at < ${dueBefore(now)}${config.due ? sql` and ${config.due}` : sql``}
        order by o.next_attempt_at
        limit ${batch}
        for update of o skip locked
      )
      returning *`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(config.read);
  }

  /** Sends one claimed row and writes what became of it; true when it was sent. */
  async function deliverOne(row: Row, prepared: Batch, clock: () => Date): Promise<boolean> {
    const outcome = await config.send(row, prepared, {
      clock,
      log,
      // Renewed as the send starts: a row whose claim lapsed and was taken by another worker is
      // left to that worker, so two live workers never send it.
      start: async (set) =>
        (await update(row, { ...set, nextAttemptAt: new Date(clock().getTime() + leaseMs) })).length > 0,
    });
    if (outcome.result === "left") return false;
    if (outcome.result === "sent") counts.sent += 1;
    else if (outcome.result !== "refused") counts.failed += 1;
    await update(
      row,
      outcome.result === "retry"
        ? { ...outcome.set, nextAttemptAt: new Date(clock().getTime() + config.retryDelay(row.attempts)) }
        : { ...outcome.set, state: outcome.result === "sent" ? "sent" : "failed" },
    );
    await outcome.after?.();
    return outcome.result === "sent";
  }

  /**
   * Keeps the leases of a pass's claimed rows while this worker holds them (waiting or being
   * sent): renewed every `renewMs`, each fenced to its claim. A row whose claim was lost is left
   * to whoever holds it now. When renewals have failed for so long that the leases may lapse, the
   * sends in flight are aborted before another worker may take their rows: a live worker never
   * sends a row it no longer holds.
   */
  function holdLeases(claimed: Row[], clock: () => Date) {
    const held = new Map(claimed.map((row) => [row.id, row]));
    let heldUntil = clock().getTime() + leaseMs;
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      const rows = [...held.values()];
      if (rows.length === 0) return;
      const now = clock().getTime();
      try {
        const kept = await db
          .update(table)
          .set({ nextAttemptAt: new Date(now + leaseMs) })
          .where(or(...rows.map(fenced)))
          .returning({ id: table.id });
        heldUntil = now + leaseMs;
        const still = new Set(kept.map((row) => row.id));
        // Not renewed: finished a moment ago, or taken by another worker after a lapse (left to it).
        for (const row of rows)
          if (!still.has(row.id) && held.delete(row.id))
            log?.info({ outboxId: row.id }, `${name} lease not renewed: the row is done or held elsewhere`);
      } catch (error) {
        log?.warn({ err: error }, `${name} leases not renewed: will try again`);
        if (clock().getTime() + renewMs >= heldUntil) {
          log?.error(`${name} leases about to lapse: sends in flight aborted, to be retried`);
          config.abortSends();
        }
      }
    };
    const timer = setInterval(() => {
      renewing ??= renew().finally(() => {
        renewing = undefined;
      });
    }, renewMs);
    return {
      /** The row is done with (sent, failed or left): its lease is no longer renewed. */
      release: (row: Row) => held.delete(row.id),
      stop: async () => {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /** At most `concurrency` sends at once, in claim order. */
  async function sendAll(claimed: Row[], send: (row: Row) => Promise<boolean>) {
    const results: boolean[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const i = next++;
        results[i] = await send(claimed[i]);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return results;
  }

  /** `at` shifts this pass's clock (tests step past backoff); every claim reads the clock afresh. */
  async function deliverDue(at?: Date, stopping: () => boolean = () => false): Promise<number> {
    const offset = at ? at.getTime() - Date.now() : 0;
    const clock = () => new Date(Date.now() + offset);
    let sent = 0;
    for (;;) {
      // Stopping (SIGTERM): the batch in flight is finished, no new one is claimed.
      if (stopping()) return sent;
      const claimed = await claim(clock());
      if (claimed.length === 0) return sent;
      const prepared = (await config.prepare?.(claimed)) as Batch;
      const leases = holdLeases(claimed, clock);
      const results = await sendAll(claimed, async (row) => {
        try {
          return await deliverOne(row, prepared, clock);
        } finally {
          leases.release(row);
        }
      }).finally(leases.stop);
      sent += results.filter(Boolean).length;
      if (config.endPassOnFailure && results.some((ok) => !ok)) return sent;
    }
  }

  return {
    name,
    table: config.table,
    metrics: config.metrics,
    deliverDue,
    async recover() {
      await db.execute(
        sql`update ${table} set next_attempt_at = now() where state = 'pending' and next_attempt_at > now()`,
      );
    },
    setLogger(logger) {
      log = logger ?? log;
    },
    close: () => config.close?.(),
    stats: () => ({ ...counts }),
  };
}
