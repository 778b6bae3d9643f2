import type { PasswordChange } from "../../common/account";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../common/constants";
import { isStorableText, normalEmail } from "../../common/text";
import { AccountError, type AccountService } from "./accounts";
import type { CounterLimit, FailureCounters } from "./failure-counters";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { SessionService } from "./sessions";

/**
 * Sign-in with limits that hold under a burst and that strangers cannot turn against the
 * administrator (docs/decisions/0014-login-limits.md). Failures count per client and account,
 * per client, and per account at a much higher threshold; the slot is taken before the password
 * is checked and given back on success. 'Change password' checks a password too: its wrong
 * current passwords count the same way, per client and account (PASSWORD_CHANGE_ATTEMPTS).
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

/** Why a password check was not made: a limit is reached, or the counters cannot be reached. */
type Refusal = { outcome: "limited"; retryAfterMs: number } | { outcome: "unavailable"; error: unknown };

export type LoginResult =
  | { outcome: "signed-in"; token: string }
  | { outcome: "invalid" }
  | { outcome: "busy" }
  | Refusal;

export type PasswordChangeResult = { outcome: "changed" } | { outcome: "wrong-current" } | Refusal;

/** A string that can be a credential; anything else becomes "" (an invalid login, never a 500). */
function credential(value: unknown): string {
  return typeof value === "string" && value.length <= CREDENTIAL_MAX && isStorableText(value) ? value : "";
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

  /** Takes a failure slot on every limit before a password is checked; the refusal if it cannot. */
  async function reserve(limits: CounterLimit[]): Promise<Refusal | undefined> {
    try {
      const refused = await deps.counters.reserve(limits, LOGIN_WINDOW_MS);
      return refused && { outcome: "limited", retryAfterMs: refused.retryAfterMs };
    } catch (error) {
      return { outcome: "unavailable", error };
    }
  }
  /** Gives the slots back: the password was right, or never checked. */
  const refund = (keys: string[]) => deps.counters.refund(keys).catch(() => {});

  /** `client` is the client key (server/client-address.ts), never a raw forwarded header. */
  async function signIn(input: { email: unknown; password: unknown; client: string }): Promise<LoginResult> {
    const email = normalEmail(credential(input.email));
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

    const refused = await reserve(limits);
    if (refused) return refused;

    const account = await checks(async () => {
      const found = email ? await deps.accounts.findByEmail(email) : undefined;
      // The same scrypt work whether or not the account exists: no timing hint about emails.
      const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
      return { found: valid && password ? found : undefined };
    });
    if (!account?.found) {
      // A refused check was never made: it does not count as a failure.
      if (!account) await refund(keys);
      return account ? { outcome: "invalid" } : { outcome: "busy" };
    }
    await refund(keys);
    // The password changed while it was being checked: the old one no longer signs in.
    const session = await deps.sessions.create(account.found.id, account.found.passwordHash);
    return session ? { outcome: "signed-in", token: session.token } : { outcome: "invalid" };
  }

  /**
   * 'Change password' for a signed-in administrator (rules already checked by passwordChangeSchema);
   * `keepToken` is the session that stays. A slot is taken before the current password is checked
   * and kept only when it was wrong.
   */
  async function changePassword(input: {
    adminId: string;
    client: string;
    change: PasswordChange;
    keepToken?: string;
  }): Promise<PasswordChangeResult> {
    const key = `password:client-account:${input.client}|${input.adminId}`;
    const refused = await reserve([{ key, max: PASSWORD_CHANGE_ATTEMPTS }]);
    if (refused) return refused;
    try {
      await deps.accounts.changePassword(input.adminId, input.change, input.keepToken);
    } catch (error) {
      if (error instanceof AccountError) return { outcome: "wrong-current" };
      await refund([key]);
      throw error;
    }
    await refund([key]);
    return { outcome: "changed" };
  }

  return { signIn, changePassword };
}

export type LoginService = ReturnType<typeof createLoginService>;
