import { and, eq, gt } from "drizzle-orm";
import { LOGIN_MESSAGES } from "../../../common/admin-messages";
import { SUDO_MESSAGES, SUDO_WINDOW_MS, type SudoProof } from "../../../common/sudo";
import type { Database } from "../../db/client";
import { adminSessions, admins } from "../../db/schema";
import { Invalid, Limited, SudoRequired, Unavailable } from "../errors";
import type { FailureCounters } from "./failure-counters";
import { LOGIN_LIMITS, LOGIN_WINDOW_MS } from "./logins";

/** The session a guarded change is made from (services/staff/sessions.ts' SessionAdmin has it). */
export interface SudoSession {
  id: string;
  email: string;
  sessionId: string;
}

/**
 * Sudo mode (GitHub's; docs/decisions/0039-sudo-mode.md): a change to how an account signs in
 * (a passkey added or removed, two-factor sign-in off, new recovery codes, the Owner's security
 * setting) needs the session to have confirmed its password, or a current authentication code,
 * within SUDO_WINDOW_MS. The time is kept on the session's row, so it ends with the session and
 * holds on every instance. Signing in does not start it: a session's cookie alone never changes
 * how the account signs in. Knows nothing of HTTP.
 *
 * Wrong passwords count exactly as sign-in's do (the same keys and limits: one budget for both
 * doors); wrong codes as two-factor sign-in's (`checkCode`, the two-factor service's counters).
 */
export function createSudoService(
  db: Database,
  deps: {
    counters: FailureCounters;
    /** Checks a password against a hash in the sign-in's bounded slots (Limited when full). */
    checkPassword: (password: string, hash: string) => Promise<boolean>;
    /** Whether `code` is the account's current TOTP code, not used before (counted when wrong). */
    checkCode: (adminId: string, code: string, client: string) => Promise<boolean>;
    now?: () => number;
  },
) {
  const now = deps.now ?? Date.now;

  /** Whether the session confirmed its password again within the window. */
  async function isFresh(sessionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(
        and(
          eq(adminSessions.id, sessionId),
          gt(adminSessions.reauthenticatedAt, new Date(now() - SUDO_WINDOW_MS)),
        ),
      );
    return Boolean(row);
  }

  /** Throws SudoRequired (403) unless the session confirmed its password within the window. */
  async function require(session: Pick<SudoSession, "sessionId">): Promise<void> {
    if (!(await isFresh(session.sessionId))) throw new SudoRequired(SUDO_MESSAGES.required);
  }

  /** The password checked under sign-in's limits: a wrong one keeps its slots, a right one gives them back. */
  async function passwordRight(session: SudoSession, password: string, client: string): Promise<boolean> {
    const keys = [
      `login:client-account:${client}|${session.email}`,
      `login:client:${client}`,
      `login:account:${session.email}`,
    ];
    const maxes = [LOGIN_LIMITS.clientAccount, LOGIN_LIMITS.client, LOGIN_LIMITS.account];
    let over: { retryAfterMs: number } | undefined;
    try {
      over = await deps.counters.reserve(
        keys.map((key, i) => ({ key, max: maxes[i] })),
        LOGIN_WINDOW_MS,
      );
    } catch (error) {
      throw new Unavailable(
        LOGIN_MESSAGES.unavailable,
        "login limit unavailable (Redis unreachable): password confirmation refused",
        { cause: error },
      );
    }
    if (over) throw new Limited(LOGIN_MESSAGES.limited(over.retryAfterMs), over.retryAfterMs);
    const [account] = await db
      .select({ passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.id, session.id));
    let right = false;
    try {
      right = Boolean(account) && (await deps.checkPassword(password, account.passwordHash));
    } catch (error) {
      // A check never made (every slot busy) is not a wrong password.
      await deps.counters.refund(keys).catch(() => {});
      throw error;
    }
    if (right) await deps.counters.refund(keys).catch(() => {});
    return right;
  }

  /**
   * Confirms the password (or a current code) on this session: the guarded changes are open
   * for SUDO_WINDOW_MS. Throws Invalid (wrong), Limited or Unavailable.
   */
  async function confirm(session: SudoSession, proof: SudoProof, client: string): Promise<void> {
    let right = false;
    if (proof.code) right = await deps.checkCode(session.id, proof.code, client);
    if (!right && proof.password) right = await passwordRight(session, proof.password, client);
    if (!right) throw new Invalid(proof.password || proof.code ? SUDO_MESSAGES.wrong : SUDO_MESSAGES.missing);
    await db
      .update(adminSessions)
      .set({ reauthenticatedAt: new Date(now()) })
      .where(and(eq(adminSessions.id, session.sessionId), eq(adminSessions.adminId, session.id)));
  }

  return { isFresh, require, confirm };
}

export type SudoService = ReturnType<typeof createSudoService>;
