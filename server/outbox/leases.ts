/**
 * The durable outbox's timings, the same for every lane (mail in ./mail, webhooks in ./webhooks):
 * the lease a claim holds, its renewal and the worker's poll. The claims, leases and fencing
 * themselves are written once, in ./lane.ts. See docs/decisions/0025-outbox-short-leases.md and 0031.
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
