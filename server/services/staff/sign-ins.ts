import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, SIGN_IN_MESSAGES } from "../../../common/admin-messages";
import { Invalid, Limited, Unavailable } from "../../../common/errors";
import type { PasswordChange } from "../../../common/staff/account";
import { describeDevice } from "../../../common/staff/device";
import { PASSWORD_CHANGE_ATTEMPTS } from "../../../common/staff/passwords";
import { isStorableText, normalEmail } from "../../../common/text";
import type { AuditService } from "../audit";
import type { AccountService } from "./accounts";
import type { KnownBrowsers } from "./browsers";
import type { CounterLimit, FailureCounters } from "./failure-counters";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { ChangeOrigin } from "./security-mail";
import type { SessionService } from "./sessions";
import type { TwoFactorService } from "./two-factor";

/**
 * How a pending sign-in may be completed: a TOTP or recovery code, one of the account's passkeys,
 * or (a passkey-only account's way back when the passkey is lost) a recovery code alone.
 */
export type SecondStep = "code" | "passkey" | "recovery";

/**
 * What the password step gives: a session, or, for an account with two-factor sign-in or a
 * passkey, a pending sign-in (no session yet) to complete with a code (`completeTwoFactor`) or
 * the passkey (passkey-second-step.ts), as `methods` says.
 */
export type SignInResult =
  | { token: string; browser: string }
  | { twoFactorRequired: true; pending: string; methods: SecondStep[] };

/**
 * Sign-in with limits that hold under a burst and that strangers cannot turn against the
 * administrator (docs/decisions/0014-login-limits.md). Failures count per client and account,
 * per client, and per account at a much higher threshold; the slot is taken before the password
 * is checked and given back on success. 'Change password' checks a password too: its wrong
 * current passwords count the same way, per client and account (PASSWORD_CHANGE_ATTEMPTS).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = {
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

export function createSignInService(deps: {
  accounts: AccountService;
  sessions: SessionService;
  counters: FailureCounters;
  browsers: KnownBrowsers;
  twoFactor?: TwoFactorService;
  /** Whether the account has a passkey: then its password alone makes no session either. */
  hasPasskey?: (adminId: string) => Promise<boolean>;
  /** The audit log: sign-ins and failed attempts, with the client's address. */
  audit?: Pick<AuditService, "record">;
}) {
  const checks = createSlots(PASSWORD_CHECKS_IN_FLIGHT, PASSWORD_CHECKS_WAITING);

  /**
   * Takes a failure slot on every limit before a password is checked. Throws Limited when one is
   * reached, Unavailable when the counters cannot be reached (`refused` words both).
   */
  async function reserve(
    limits: CounterLimit[],
    refused: { limited(retryAfterMs: number): string; unavailable: string; logLine: string },
  ): Promise<void> {
    let over: { retryAfterMs: number } | undefined;
    try {
      over = await deps.counters.reserve(limits, SIGN_IN_WINDOW_MS);
    } catch (error) {
      throw new Unavailable(refused.unavailable, refused.logLine, { cause: error });
    }
    if (over) throw new Limited(refused.limited(over.retryAfterMs), over.retryAfterMs);
  }
  /** Gives the slots back: the password was right, or never checked. */
  const refund = (keys: string[]) => deps.counters.refund(keys).catch(() => {});

  /**
   * The new session's token. `client` is the client key (server/client-address.ts), never a raw
   * forwarded header. Throws Invalid ('Invalid Login'), Limited or Unavailable.
   */
  async function signIn(input: {
    email: unknown;
    password: unknown;
    client: string;
    /** The browser's User-Agent: the session's device on 'Account'. */
    userAgent?: string | null;
    /** The browser's id (its admin_browser cookie), if it has one. */
    browser?: string;
  }): Promise<SignInResult> {
    const email = normalEmail(credential(input.email));
    const password = credential(input.password);
    const keys = [
      `login:client-account:${input.client}|${email}`,
      `login:client:${input.client}`,
      `login:account:${email}`,
    ];
    const limits = [SIGN_IN_LIMITS.clientAccount, SIGN_IN_LIMITS.client, SIGN_IN_LIMITS.account].map(
      (max, i) => ({
        key: keys[i],
        max,
      }),
    );

    await reserve(limits, {
      limited: SIGN_IN_MESSAGES.limited,
      unavailable: SIGN_IN_MESSAGES.unavailable,
      logLine: "login limit unavailable (Redis unreachable): sign-in refused",
    });

    const account = await checks(async () => {
      const found = email ? await deps.accounts.findByEmail(email) : undefined;
      // The same scrypt work whether or not the account exists: no timing hint about emails.
      const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
      return { found: valid && password ? found : undefined };
    });
    if (!account) {
      // A refused check was never made: it does not count as a failure.
      await refund(keys);
      throw new Limited(SIGN_IN_MESSAGES.busy);
    }
    if (!account.found) {
      // The address tried (a colleague's, or a guess): never a lead's, and kept as staff's data.
      await deps.audit?.record({
        action: "sign_in_failed",
        target: { label: email || null },
        ip: input.client,
      });
      throw new Invalid(ADMIN_MESSAGES.invalidLogin);
    }
    await refund(keys);
    // Two-factor sign-in or a passkey: the password alone makes no session, only a pending sign-in.
    const methods: SecondStep[] = [];
    if (await deps.twoFactor?.isEnabled(account.found.id)) methods.push("code");
    if (await deps.hasPasskey?.(account.found.id)) {
      methods.push("passkey");
      if (!methods.includes("code") && (await deps.twoFactor?.hasRecoveryCodes(account.found.id)))
        methods.push("recovery");
    }
    if (deps.twoFactor && methods.length > 0)
      return {
        twoFactorRequired: true,
        pending: await deps.twoFactor.beginSignIn(account.found.id, account.found.passwordHash),
        methods,
      };
    return startSession(account.found, input);
  }

  /** The session for a checked account, and the browser it is remembered by (mailed when new). */
  /**
   * A session for an account that has proved who it is (password and code, or a passkey): the
   * new-browser mail and the audit log's sign-in, as every way of signing in gives them.
   * `refused` is the message when the password changed meanwhile; `describe` names the sign-in.
   */
  async function startSession(
    found: { id: string; email: string; passwordHash: string },
    input: { userAgent?: string | null; browser?: string; client?: string },
    how: { refused?: string; describe?: (device: string) => string } = {},
  ): Promise<{ token: string; browser: string }> {
    // The password changed while it was being checked: the old one no longer signs in.
    const session = await deps.sessions.create(found.id, found.passwordHash, input.userAgent ?? undefined);
    if (!session) throw new Invalid(how.refused ?? ADMIN_MESSAGES.invalidLogin);
    // A browser new to the account mails it: the id the browser keeps from now on.
    const browser = await deps.browsers.remember({
      adminId: found.id,
      email: found.email,
      browser: input.browser,
      userAgent: input.userAgent,
      mail: true,
    });
    await deps.audit?.record({
      action: "sign_in",
      actor: found,
      target: { id: found.id, label: (how.describe ?? String)(describeDevice(input.userAgent ?? null)) },
      ip: input.client,
    });
    return { token: session.token, browser };
  }

  /**
   * Sign-in's second step: the pending sign-in and a TOTP or recovery code make the session.
   * Throws Invalid (wrong, replayed or used code; expired pending sign-in), Limited or Unavailable.
   */
  async function completeTwoFactor(input: {
    pending: string;
    code: string;
    client: string;
    userAgent?: string | null;
    browser?: string;
  }): Promise<{ token: string; browser: string }> {
    if (!deps.twoFactor) throw new Invalid(ADMIN_MESSAGES.invalidLogin);
    const done = await deps.twoFactor.completeSignIn(input);
    const found = await deps.accounts.findById(done.adminId);
    // The password changed after the first step: that step no longer counts.
    if (!found || deps.twoFactor.passwordCheckOf(found.passwordHash) !== done.passwordCheck)
      throw new Invalid(ADMIN_MESSAGES.invalidLogin);
    return startSession(found, input);
  }

  /**
   * 'Change password' for a signed-in administrator (rules already checked by passwordChangeSchema);
   * `keepToken` is the session that stays. A slot is taken before the current password is checked
   * and kept only when it was wrong. Throws Invalid (wrong current password), Limited or Unavailable.
   */
  async function changePassword(input: {
    adminId: string;
    client: string;
    change: PasswordChange;
    keepToken?: string;
    /** The browser and address it came from (the account's security mail). */
    origin: ChangeOrigin;
  }): Promise<void> {
    const key = `password:client-account:${input.client}|${input.adminId}`;
    await reserve([{ key, max: PASSWORD_CHANGE_ATTEMPTS }], {
      limited: ACCOUNT_MESSAGES.limited,
      unavailable: ACCOUNT_MESSAGES.unavailable,
      logLine: "login limit unavailable (Redis unreachable): password change refused",
    });
    try {
      await deps.accounts.changePassword(input.adminId, input.change, input.keepToken, input.origin);
    } catch (error) {
      if (!(error instanceof Invalid)) await refund([key]);
      throw error;
    }
    await refund([key]);
  }

  /**
   * Password work for another door (accepting an invitation hashes the new password) in the same
   * bounded slots as sign-in, so no door can make the server run scrypt without limit. Throws
   * Limited when every slot and queue place is taken.
   */
  async function passwordWork<T>(task: () => Promise<T>): Promise<T> {
    const done = await checks(async () => ({ value: await task() }));
    if (!done) throw new Limited(SIGN_IN_MESSAGES.busy);
    return done.value;
  }

  /**
   * Takes one attempt of `max` per SIGN_IN_WINDOW_MS on `key` (a door's per-client limit); the
   * returned function gives it back (the attempt succeeded). Throws Limited or Unavailable.
   */
  async function attempt(key: string, max: number): Promise<() => Promise<void>> {
    await reserve([{ key, max }], {
      limited: SIGN_IN_MESSAGES.limited,
      unavailable: SIGN_IN_MESSAGES.unavailable,
      logLine: "login limit unavailable (Redis unreachable): invitation refused",
    });
    return () => refund([key]);
  }

  return { signIn, completeTwoFactor, startSession, changePassword, passwordWork, attempt };
}

export type SignInService = ReturnType<typeof createSignInService>;
