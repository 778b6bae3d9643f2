import type { Redis } from "ioredis";

/**
 * Counters of failed sign-ins in fixed windows, in this process or shared through Redis. A slot is
 * reserved before the password is checked (so a burst cannot outrun the count) and refunded when
 * the password was right.
 */
export interface CounterLimit {
  key: string;
  max: number;
}

export interface FailureCounters {
  /** Counts one more on every key, unless one is at its max: then counts nothing and says how long to wait. */
  reserve(limits: CounterLimit[], windowMs: number): Promise<{ retryAfterMs: number } | undefined>;
  /** Gives the reserved slot back (the attempt succeeded). */
  refund(keys: string[]): Promise<void>;
}

export function memoryCounters(): FailureCounters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  };
  return {
    async reserve(limits, windowMs) {
      const now = Date.now();
      if (windows.size > 10_000) sweep(now);
      const entries = limits.map(({ key }) => {
        let entry = windows.get(key);
        if (!entry || entry.resetAt <= now) {
          entry = { count: 0, resetAt: now + windowMs };
          windows.set(key, entry);
        }
        return entry;
      });
      const full = entries.filter((entry, i) => entry.count >= limits[i].max);
      if (full.length > 0) return { retryAfterMs: Math.max(...full.map((e) => e.resetAt - now)) };
      for (const entry of entries) entry.count++;
      return undefined;
    },
    async refund(keys) {
      for (const key of keys) {
        const entry = windows.get(key);
        if (entry && entry.count > 0) entry.count--;
      }
    },
  };
}

/** KEYS: the counters; ARGV: the window in ms, then each key's max. Returns 0 or ms to wait. */
const RESERVE = `
local wait = 0
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
    wait = math.max(wait, ttl)
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0`;

const REFUND = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/** Shared by every instance; each call is one atomic script. Errors reach the caller (fail closed). */
export function redisCounters(redis: Redis): FailureCounters {
  return {
    async reserve(limits, windowMs) {
      const keys = limits.map((l) => l.key);
      const wait = Number(
        await redis.eval(RESERVE, keys.length, ...keys, windowMs, ...limits.map((l) => l.max)),
      );
      return wait > 0 ? { retryAfterMs: wait } : undefined;
    },
    async refund(keys) {
      await redis.eval(REFUND, keys.length, ...keys);
    },
  };
}
