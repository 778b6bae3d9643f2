import type { AccountService } from "./accounts";
import type { FailureCounters } from "./failure-counters";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { SessionService } from "./sessions";

/**
 * Sign-in with limits that hold under a burst and that strangers cannot turn against the
 * administrator (docs/decisions/0014-login-limits.md). Failures count per client and account,
 * per client, and per account at a much higher threshold; the slot is taken before the password
 * is checked and given back on success.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = {
  /** One client guessing one account. */
  clientAccount: 10,
  /** One client spraying several accounts. */
  client: 30,
  /** Everyone guessing one account: slow distributed guessing stays slow. */
  account: 100,
} as const;
/** scrypt runs on libuv's pool (4 threads), shared with files and compression: leave them room. */
export const PASSWORD_CHECKS_IN_FLIGHT = 2;
/** Checks queued beyond that; more are refused at once. */
export const PASSWORD_CHECKS_WAITING = 30;
/** Longer inputs cannot be real credentials; they still take the full hashing time. */
const CREDENTIAL_MAX = 1024;

export type LoginResult =
  | { outcome: "signed-in"; token: string }
  | { outcome: "invalid" }
  | { outcome: "limited"; retryAfterMs: number }
  | { outcome: "busy" }
  | { outcome: "unavailable"; error: unknown };

/** NUL (refused by PostgreSQL's text) or half of a UTF-16 surrogate pair. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string that can be a credential; anything else becomes "" (an invalid login, never a 500). */
function credential(value: unknown): string {
  return typeof value === "string" && value.length <= CREDENTIAL_MAX && !UNSTORABLE.test(value) ? value : "";
}

/** At most `max` tasks at once, `waiting` more queued; beyond that undefined (refused). */
export function createSlots(max: number, waiting: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (active >= max) {
      if (queue.length >= waiting) return undefined;
      await new Promise<void>((resolve) => queue.push(resolve));
    } else active++;
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}

export function createLoginService(deps: {
  accounts: AccountService;
  sessions: SessionService;
  counters: FailureCounters;
}) {
  const checks = createSlots(PASSWORD_CHECKS_IN_FLIGHT, PASSWORD_CHECKS_WAITING);

  /** `client` is the client key (server/client-address.ts), never a raw forwarded header. */
  async function signIn(input: { email: unknown; password: unknown; client: string }): Promise<LoginResult> {
    const email = credential(input.email).trim().toLowerCase();
    const password = credential(input.password);
    const keys = [
      `login:client-account:${input.client}|${email}`,
      `login:client:${input.client}`,
      `login:account:${email}`,
    ];
    const limits = [LOGIN_LIMITS.clientAccount, LOGIN_LIMITS.client, LOGIN_LIMITS.account].map((max, i) => ({
      key: keys[i],
      max,
    }));

    let refused: { retryAfterMs: number } | undefined;
    try {
      refused = await deps.counters.reserve(limits, LOGIN_WINDOW_MS);
    } catch (error) {
      return { outcome: "unavailable", error };
    }
    if (refused) return { outcome: "limited", retryAfterMs: refused.retryAfterMs };

    const account = await checks(async () => {
      const found = email ? await deps.accounts.findByEmail(email) : undefined;
      // The same scrypt work whether or not the account exists: no timing hint about emails.
      const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
      return { found: valid && password ? found : undefined };
    });
    if (!account?.found) {
      // A refused check was never made: it does not count as a failure.
      if (!account) await deps.counters.refund(keys).catch(() => {});
      return account ? { outcome: "invalid" } : { outcome: "busy" };
    }
    await deps.counters.refund(keys).catch(() => {});
    const { token } = await deps.sessions.create(account.found.id);
    return { outcome: "signed-in", token };
  }

  return { signIn };
}

export type LoginService = ReturnType<typeof createLoginService>;
