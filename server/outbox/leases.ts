import type { FastifyBaseLogger } from "fastify";

/**
 * The durable outbox's rules every lane keeps (mail in ./mail, webhooks in ./webhooks): due rows
 * are claimed in one statement with `FOR UPDATE SKIP LOCKED` and a lease, every update after the
 * claim is fenced to it (row, attempt number, still pending), and a dead worker's rows are due
 * again when the lease lapses. See docs/decisions/0025-outbox-short-leases.md and 0031.
 */

/**
 * A claimed row is hidden from other workers this long; a dead worker's claim then lapses, and
 * another instance sends its mail (a lead reaches the office within 30 s even when the instance
 * that took it dies: this, plus a poll). A live worker renews the leases of the rows it holds
 * every OUTBOX_RENEW_MS, whether they wait or are being sent, fenced to its claim; each send also
 * renews its row's lease as it starts. See docs/decisions/0025-outbox-short-leases.md.
 */
export const OUTBOX_LEASE_MS = 15_000;
/**
 * The bound a claim compares next_attempt_at with: rows are due when stamped at or before `now`'s
 * millisecond. The database stamps new rows to the microsecond (now()), this process's clock counts
 * milliseconds, so a row queued in the same millisecond as a claim would otherwise wait for the
 * next pass.
 */
export const dueBefore = (now: Date) => new Date(now.getTime() + 1).toISOString();
/** How often a worker renews the leases of the rows it holds. */
export const OUTBOX_RENEW_MS = 5_000;
/** A started worker looks for due rows this often (and at once when woken). */
export const OUTBOX_POLL_MS = 5_000;

/** One lane of the outbox, run by the worker (./worker.ts) in each of its passes. */
export interface OutboxLane {
  /** One pass: sends every due row; answers how many were sent (`at` shifts the clock). */
  deliverDue(at?: Date, stopping?: () => boolean): Promise<number>;
  /** The embedded database's start: claims left by a previous life of this process are due now. */
  recover(): Promise<void>;
  setLogger(logger: FastifyBaseLogger | undefined): void;
  /** Rows sent and attempts failed by this process so far (/metrics). */
  stats(): { sent: number; failed: number };
}
