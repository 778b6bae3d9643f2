import { and, eq, gt } from "drizzle-orm";
import { SIGN_IN_MESSAGES } from "../../../common/admin-messages";
import { Invalid, Limited, SudoRequired, Unavailable } from "../../../common/errors";
import { SUDO_MESSAGES, SUDO_WINDOW_MS, type SudoMethod, type SudoProof } from "../../../common/staff/sudo";
import type { Database } from "../../db/client";
import { adminSessions, admins } from "../../db/schema";
import type { AuditService, AuditWriter } from "../audit";
import type { FailureCounters } from "./failure-counters";
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } from "./sign-ins";

/** The session a guarded change is made from (services/staff/sessions.ts' SessionAdmin has it). */
export interface SudoSession {
  id: string;
  email: string;
  sessionId: string;
}

/** What a code given to confirm sudo mode was: right, wrong, or from an authenticator set up since sign-in. */
export type SudoCodeCheck = "ok" | "wrong" | "set-up-since";

/**
 * When the session signed in; undefined when it has ended. A way of signing in added after this
 * (an authenticator app, a passkey) was added by this session or beside it, so it does not
 * confirm sudo mode on it: whoever holds a stolen session could otherwise make their own proof.
 */
export async function sessionSignedInAt(db: Database, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: adminSessions.createdAt })
    .from(adminSessions)
    .where(eq(adminSessions.id, sessionId));
  return row?.createdAt;
}

/**
 * Sudo mode (GitHub's; docs/decisions/0039-sudo-mode.md): a change to how an account signs in
 * (an authenticator set up, a passkey added or removed, two-factor sign-in off, new recovery
 * codes, the Owner's security setting) needs the session to have confirmed its password, a current
 * authentication code or a passkey within SUDO_WINDOW_MS. The time is kept on the session's row,
 * so it ends with the session and holds on every instance. Signing in does not start it: a
 * session's cookie alone never changes how the account signs in. Knows nothing of HTTP.
 *
 * Wrong passwords and refused passkeys count exactly as sign-in's wrong passwords do (the same
 * keys and limits: one budget for every door); wrong codes as two-factor sign-in's (`checkCode`,
 * the two-factor service's counters). Each confirmation and each refused one is in the activity
 * record with the client's address.
 */
export function createSudoService(
  db: Database,
  deps: {
    counters: FailureCounters;
    /** Checks a password against a hash in the sign-in's bounded slots (Limited when full). */
    checkPassword: (password: string, hash: string) => Promise<boolean>;
    /** Whether `code` is the account's current TOTP code, not used before (counted when wrong). */
    checkCode: (session: SudoSession, code: string, client: string) => Promise<SudoCodeCheck>;
    /** The activity record: confirmations and refused confirmations. */
    audit?: Pick<AuditService, "record">;
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

  const record = (
    action: "sudo_confirmed" | "sudo_failed",
    session: SudoSession,
    methods: SudoMethod[],
    client: string,
    tx?: AuditWriter,
  ) =>
    deps.audit?.record(
      {
        action,
        actor: { id: session.id, email: session.email },
        target: { id: session.id, label: methods.map((m) => SUDO_MESSAGES.audit[m]).join(", ") },
        ip: client,
      },
      tx,
    );

  /** The window opens on this session (its time written with the activity record's entry). */
  async function open(session: SudoSession, method: SudoMethod, client: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .update(adminSessions)
        .set({ reauthenticatedAt: new Date(now()) })
        .where(and(eq(adminSessions.id, session.sessionId), eq(adminSessions.adminId, session.id)));
      await record("sudo_confirmed", session, [method], client, tx);
    });
  }

  /** Sign-in's password keys for the account, from this client (decision 0014). */
  const signInKeys = (session: SudoSession, client: string) => [
    { key: `login:client-account:${client}|${session.email}`, max: SIGN_IN_LIMITS.clientAccount },
    { key: `login:client:${client}`, max: SIGN_IN_LIMITS.client },
    { key: `login:account:${session.email}`, max: SIGN_IN_LIMITS.account },
  ];

  /** Takes a slot on each of sign-in's password keys (kept unless given back). Throws Limited or Unavailable. */
  async function reserveLogin(session: SudoSession, client: string): Promise<string[]> {
    const limits = signInKeys(session, client);
    let over: { retryAfterMs: number } | undefined;
    try {
      over = await deps.counters.reserve(limits, SIGN_IN_WINDOW_MS);
    } catch (error) {
      throw new Unavailable(
        SIGN_IN_MESSAGES.unavailable,
        "login limit unavailable (Redis unreachable): sudo confirmation refused",
        { cause: error },
      );
    }
    if (over) throw new Limited(SIGN_IN_MESSAGES.limited(over.retryAfterMs), over.retryAfterMs);
    return limits.map((limit) => limit.key);
  }
  const refund = (keys: string[]) => deps.counters.refund(keys).catch(() => {});

  /** The password checked under sign-in's limits: a wrong one keeps its slots, a right one gives them back. */
  async function passwordRight(session: SudoSession, password: string, client: string): Promise<boolean> {
    const keys = await reserveLogin(session, client);
    const [account] = await db
      .select({ passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.id, session.id));
    let right = false;
    try {
      right = Boolean(account) && (await deps.checkPassword(password, account.passwordHash));
    } catch (error) {
      // A check never made (every slot busy) is not a wrong password.
      await refund(keys);
      throw error;
    }
    if (right) await refund(keys);
    return right;
  }

  /**
   * Confirms the password (or a current code) on this session: the guarded changes are open
   * for SUDO_WINDOW_MS. Throws Invalid (wrong; a code from an authenticator set up since sign-in),
   * Limited or Unavailable.
   */
  async function confirm(session: SudoSession, proof: SudoProof, client: string): Promise<void> {
    if (!proof.password && !proof.code) throw new Invalid(SUDO_MESSAGES.missing);
    let code: SudoCodeCheck | undefined;
    if (proof.code) code = await deps.checkCode(session, proof.code, client);
    if (code === "ok") return open(session, "code", client);
    if (proof.password && (await passwordRight(session, proof.password, client)))
      return open(session, "password", client);
    const tried: SudoMethod[] = [
      ...(proof.password ? ["password" as const] : []),
      ...(code ? ["code" as const] : []),
    ];
    await record("sudo_failed", session, tried, client);
    throw new Invalid(
      code === "set-up-since" && !proof.password ? SUDO_MESSAGES.notThisSession : SUDO_MESSAGES.wrong,
    );
  }

  /**
   * Confirms with another proof (a passkey, services/staff/passkeys.ts), counted as a password:
   * `check` throws Invalid when the proof is refused (the slots kept, the refusal recorded); any
   * other error gives the slots back. Throws Invalid, Limited or Unavailable.
   */
  async function confirmWith(
    session: SudoSession,
    method: Exclude<SudoMethod, "password" | "code">,
    client: string,
    check: () => Promise<void>,
  ): Promise<void> {
    const keys = await reserveLogin(session, client);
    try {
      await check();
    } catch (error) {
      if (error instanceof Invalid) await record("sudo_failed", session, [method], client);
      else await refund(keys);
      throw error;
    }
    await refund(keys);
    await open(session, method, client);
  }

  return { isFresh, require, confirm, confirmWith };
}

export type SudoService = ReturnType<typeof createSudoService>;
