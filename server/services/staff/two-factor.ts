import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { AUDIT_MESSAGES, type AuditAction } from "../../../common/audit";
import { COMPANY } from "../../../common/company";
import { Invalid, Limited, Unavailable } from "../../../common/errors";
import type { SudoProof } from "../../../common/staff/sudo";
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "../../../common/staff/two-factor";
import type { Database } from "../../db/client";
import {
  adminPasskeys,
  adminPendingSignIns,
  adminRecoveryCodes,
  adminSessions,
  admins,
  adminTwoFactor,
  securitySettings,
} from "../../db/schema";
import type { Keyring } from "../../secrets/keyring";
import { openSecret, totpContext } from "../../secrets/protect";
import type { AuditService, AuditWriter } from "../audit";
import type { FailureCounters } from "./failure-counters";
import { renewedEnrolmentDue } from "./renewed-enrolment";
import type { ChangeOrigin, SecurityMail } from "./security-mail";
import { type SudoCodeCheck, type SudoService, type SudoSession, sessionSignedInAt } from "./sudo";

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, six digits, 30 seconds,
 * what every app reads from the QR code), its one-time recovery codes, the pending sign-ins
 * between the password and the code, and the Owner's requirement. Knows nothing of HTTP.
 *
 * Recovery codes are 80 random bits (16 base32 characters), so a plain SHA-256 is enough to keep
 * them from a stolen database (no guessing list, no feasible brute force) and lets one indexed
 * lookup find the code; scrypt, made for low-entropy passwords, would cost ten slow hashes per try.
 */
export const TWO_FACTOR_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's pending sign-in waits for the code. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** Wrong codes (sign-in, confirming, turning off) in the login window, like wrong passwords. */
export const TWO_FACTOR_LIMITS = { clientAccount: 5, account: 10 } as const;
export const TWO_FACTOR_WINDOW_MS = 15 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const PENDING_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: COMPANY.name,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TWO_FACTOR_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A recovery code as shown: XXXX-XXXX-XXXX-XXXX (base32, no 0/1/8/9 to misread). */
const newRecoveryCode = () => new Secret({ size: 10 }).base32.slice(0, 16).match(/.{4}/g)!.join("-");
/** What a typed recovery code is compared as: upper case, no spaces or dashes. */
const normalRecoveryCode = (value: string) => value.toUpperCase().replace(/[\s-]/g, "");
const RECOVERY_SHAPE = /^[A-Z2-7]{16}$/;

/**
 * Whether the account signs in with more than a password: TOTP on, or a passkey registered (the
 * one place the Owner's requirement asks).
 */
export async function hasStrongSignIn(db: Pick<Database, "select">, adminId: string): Promise<boolean> {
  const [totp] = await db
    .select({ adminId: adminTwoFactor.adminId })
    .from(adminTwoFactor)
    .where(and(eq(adminTwoFactor.adminId, adminId), isNotNull(adminTwoFactor.enabledAt)));
  if (totp) return true;
  return hasPasskey(db, adminId);
}

/** Whether the account has a passkey (its recovery codes then outlive the authenticator app). */
async function hasPasskey(db: Pick<Database, "select">, adminId: string): Promise<boolean> {
  const [passkey] = await db
    .select({ id: adminPasskeys.id })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .limit(1);
  return Boolean(passkey);
}

export function createTwoFactorService(
  db: Database,
  deps: {
    counters: FailureCounters;
    /** Seals the TOTP secrets in the database and opens them to check a code (keyring.ts). */
    keyring: Keyring;
    /** The audit log: two-factor changes, recovery codes used and codes refused at sign-in. */
    audit?: Pick<AuditService, "record">;
    /** Sudo mode: turning it off, new recovery codes and the requirement need a fresh confirmation. */
    sudo: Pick<SudoService, "require" | "confirm">;
    /** Turning it on or off, new recovery codes and the requirement mail the account (security-mail.ts). */
    securityMail: SecurityMail;
  },
) {
  const record = async (
    action: AuditAction,
    adminId: string,
    extra: { ip?: string; label?: string; tx?: AuditWriter & Pick<Database, "select"> } = {},
  ) => {
    if (!deps.audit) return;
    const [actor] = await (extra.tx ?? db)
      .select({ id: admins.id, email: admins.email })
      .from(admins)
      .where(eq(admins.id, adminId));
    await deps.audit.record(
      {
        action,
        actor: actor ?? null,
        ip: extra.ip ?? null,
        target: extra.label ? { id: adminId, label: extra.label } : null,
      },
      extra.tx,
    );
  };

  /** Takes a slot before a code is checked (Limited when full); the keys to give back on success. */
  async function reserve(adminId: string, client: string): Promise<string[]> {
    const limits = [
      { key: `two-factor:client-account:${client}|${adminId}`, max: TWO_FACTOR_LIMITS.clientAccount },
      { key: `two-factor:account:${adminId}`, max: TWO_FACTOR_LIMITS.account },
    ];
    let over: { retryAfterMs: number } | undefined;
    try {
      over = await deps.counters.reserve(limits, TWO_FACTOR_WINDOW_MS);
    } catch (error) {
      throw new Unavailable(
        TWO_FACTOR_MESSAGES.unavailable,
        "login limit unavailable (Redis unreachable): two-factor code refused",
        { cause: error },
      );
    }
    if (over)
      throw new Limited(
        TWO_FACTOR_MESSAGES.limited(Math.max(1, Math.ceil(over.retryAfterMs / 60_000))),
        over.retryAfterMs,
      );
    return limits.map((l) => l.key);
  }
  const refund = (keys: string[]) => deps.counters.refund(keys).catch(() => {});

  async function row(adminId: string) {
    const [found] = await db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, adminId));
    return found;
  }

  /** The account's TOTP secret from its stored (sealed) form; Unavailable when no key opens it. */
  function openTotpSecret(adminId: string, stored: string): string {
    try {
      return openSecret(deps.keyring, stored, totpContext(adminId));
    } catch (error) {
      throw new Unavailable(
        TWO_FACTOR_MESSAGES.secretUnreadable,
        "a TOTP secret cannot be opened with the configured secrets key (docs/secrets-key.md)",
        { cause: error },
      );
    }
  }

  /**
   * Whether `code` is the account's current TOTP code, not used before: the accepted time-step is
   * stored and the same or an older one refused (a replay), atomically on every instance.
   */
  async function acceptCode(
    adminId: string,
    secret: string,
    code: string,
    enabledOnly: boolean,
  ): Promise<"ok" | "wrong" | "replayed"> {
    const digits = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(digits)) return "wrong";
    const now = Date.now();
    const delta = totpFor(openTotpSecret(adminId, secret), "").validate({
      token: digits,
      timestamp: now,
      window: 1,
    });
    if (delta === null) return "wrong";
    const step = Math.floor(now / 1000 / TWO_FACTOR_PERIOD_S) + delta;
    const accepted = await db
      .update(adminTwoFactor)
      .set({ lastStep: step })
      .where(
        and(
          eq(adminTwoFactor.adminId, adminId),
          eq(adminTwoFactor.secret, secret),
          enabledOnly ? isNotNull(adminTwoFactor.enabledAt) : undefined,
          or(isNull(adminTwoFactor.lastStep), lt(adminTwoFactor.lastStep, step)),
        ),
      )
      .returning({ adminId: adminTwoFactor.adminId });
    return accepted.length > 0 ? "ok" : "replayed";
  }

  /** Uses one unused recovery code of the account; false when none matches. */
  async function spendRecoveryCode(adminId: string, code: string): Promise<boolean> {
    const normal = normalRecoveryCode(code);
    if (!RECOVERY_SHAPE.test(normal)) return false;
    const used = await db
      .update(adminRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(adminRecoveryCodes.adminId, adminId),
          eq(adminRecoveryCodes.codeHash, sha256(normal)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    return used.length > 0;
  }

  /** Ten new codes for the account (the old ones deleted): shown once, stored as SHA-256. */
  async function replaceRecoveryCodes(
    adminId: string,
    tx: Pick<Database, "delete" | "insert"> = db,
  ): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((code) => ({ adminId, codeHash: sha256(normalRecoveryCode(code)) })));
    return codes;
  }

  const codeRefusal = (result: "wrong" | "replayed") =>
    new Invalid(result === "replayed" ? TWO_FACTOR_MESSAGES.codeReplayed : TWO_FACTOR_MESSAGES.codeWrong);

  /** Whether the Owner requires two-factor sign-in of every account. */
  async function settings(): Promise<{ requireTwoFactor: boolean }> {
    const [found] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
    return { requireTwoFactor: found?.requireTwoFactor ?? false };
  }

  /**
   * True when the account must enrol: the requirement is on and it has no strong sign-in yet, or
   * `secrets:rotate --renew` removed its authenticator app and it has not enrolled since.
   */
  async function enrolmentDue(adminId: string): Promise<boolean> {
    if (await renewedEnrolmentDue(db, adminId)) return true;
    if (!(await settings()).requireTwoFactor) return false;
    return !(await hasStrongSignIn(db, adminId));
  }

  return {
    settings,
    enrolmentDue,
    hasStrongSignIn: (adminId: string) => hasStrongSignIn(db, adminId),

    /**
     * The Owner's requirement (the caller checked the 'security' permission), in sudo mode; the
     * entry says whether it was turned on or off; a change of it mails the Owner's account.
     * Throws SudoRequired.
     */
    async setRequired(actor: SudoSession, requireTwoFactor: boolean, origin: ChangeOrigin): Promise<void> {
      await deps.sudo.require(actor);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1));
        await tx
          .insert(securitySettings)
          .values({ id: 1, requireTwoFactor })
          .onConflictDoUpdate({
            target: securitySettings.id,
            set: { requireTwoFactor, updatedAt: sql`now()` },
          });
        const label = requireTwoFactor ? AUDIT_MESSAGES.requirementOn : AUDIT_MESSAGES.requirementOff;
        await record("two_factor_required_changed", actor.id, { label, tx });
        if ((before?.requireTwoFactor ?? false) !== requireTwoFactor)
          await deps.securityMail.queue(
            tx,
            actor.id,
            requireTwoFactor ? "requirement-on" : "requirement-off",
            origin,
          );
      });
      deps.securityMail.wake();
    },

    async status(adminId: string): Promise<TwoFactorStatus> {
      const found = await row(adminId);
      const enabled = Boolean(found?.enabledAt);
      // A passkey-only account has recovery codes too (made with its first passkey).
      const withCodes = enabled || (await hasPasskey(db, adminId));
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
      return {
        enabled,
        recoveryCodesLeft: withCodes ? left.n : 0,
        enrolmentDue: await enrolmentDue(adminId),
      };
    },

    /**
     * Starts (or starts again) setting it up, in sudo mode: a new secret, kept pending until
     * confirmed; the QR code drawn here as SVG, so no third party sees the secret. The password
     * given with it confirms sudo mode there and then (the enrolment screen asks once). Throws
     * Invalid (already on; a wrong password), SudoRequired, Limited or Unavailable.
     */
    async start(session: SudoSession, proof: SudoProof, client: string): Promise<TwoFactorEnrolment> {
      const { id: adminId, email } = session;
      const found = await row(adminId);
      if (found?.enabledAt) throw new Invalid(TWO_FACTOR_MESSAGES.alreadyOn);
      // A session alone never sets up an authenticator: whoever holds it would own the account.
      if (proof.password || proof.code) await deps.sudo.confirm(session, proof, client);
      else await deps.sudo.require(session);
      const secret = new Secret({ size: 20 }).base32;
      const sealed = deps.keyring.seal(secret, totpContext(adminId));
      await db
        .insert(adminTwoFactor)
        .values({ adminId, secret: sealed })
        .onConflictDoUpdate({
          target: adminTwoFactor.adminId,
          set: { secret: sealed, lastStep: null, enabledAt: null },
        });
      const uri = totpFor(secret, email).toString();
      const { default: QRCode } = await import("qrcode"); // only while setting up (docs/benchmarks.md 'Budgets')
      const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      return { secret, uri, svg };
    },

    /**
     * Confirms the pending secret with a code from the app, in sudo mode: on, with ten recovery
     * codes (shown once, to whoever enrols), and every other session of the account ended
     * (`session` stays). A wrong code changes nothing and counts like a wrong password.
     */
    async confirm(
      session: { id: string; sessionId: string },
      code: string,
      client: string,
      origin: ChangeOrigin,
    ): Promise<{ recoveryCodes: string[] }> {
      const adminId = session.id;
      const found = await row(adminId);
      if (!found) throw new Invalid(TWO_FACTOR_MESSAGES.notStarted);
      if (found.enabledAt) throw new Invalid(TWO_FACTOR_MESSAGES.alreadyOn);
      await deps.sudo.require(session);
      const keys = await reserve(adminId, client);
      const result = await acceptCode(adminId, found.secret, code, false);
      if (result !== "ok") throw codeRefusal(result);
      await refund(keys);
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx
          .update(adminTwoFactor)
          .set({ enabledAt: sql`now()` })
          .where(eq(adminTwoFactor.adminId, adminId));
        const codes = await replaceRecoveryCodes(adminId, tx);
        // A session signed in with the password alone (perhaps a thief's) ends here.
        const ended = await tx
          .delete(adminSessions)
          .where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, session.sessionId)))
          .returning({ id: adminSessions.id });
        await record("two_factor_enabled", adminId, { tx });
        if (ended.length > 0)
          await record("sessions_ended", adminId, { label: AUDIT_MESSAGES.otherSessions(ended.length), tx });
        await deps.securityMail.queue(tx, adminId, "two-factor-on", origin);
        return codes;
      });
      deps.securityMail.wake();
      return { recoveryCodes };
    },

    /**
     * Turns it off, in sudo mode: the password or a current code given with it confirms it there
     * and then (counted when wrong); without them the session must have confirmed within the
     * window. Throws Invalid, SudoRequired, Limited or Unavailable.
     */
    async disable(
      session: SudoSession,
      proof: SudoProof,
      client: string,
      origin: ChangeOrigin,
    ): Promise<void> {
      const adminId = session.id;
      const found = await row(adminId);
      if (!found?.enabledAt) throw new Invalid(TWO_FACTOR_MESSAGES.notOn);
      if (proof.password || proof.code) await deps.sudo.confirm(session, proof, client);
      else await deps.sudo.require(session);
      await db.transaction(async (tx) => {
        // The recovery codes stay while a passkey still asks for a second step.
        if (!(await hasPasskey(tx, adminId)))
          await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
        await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.adminId, adminId));
        await record("two_factor_disabled", adminId, { tx });
        await deps.securityMail.queue(tx, adminId, "two-factor-off", origin);
      });
      deps.securityMail.wake();
    },

    /**
     * Ten new recovery codes (the old ones stop working), in sudo mode; Invalid when the account
     * has neither two-factor sign-in nor a passkey.
     */
    async regenerateRecoveryCodes(
      session: SudoSession,
      origin: ChangeOrigin,
    ): Promise<{ recoveryCodes: string[] }> {
      if (!(await hasStrongSignIn(db, session.id))) throw new Invalid(TWO_FACTOR_MESSAGES.notOn);
      await deps.sudo.require(session);
      const recoveryCodes = await db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(session.id, tx);
        await record("recovery_codes_replaced", session.id, { tx });
        await deps.securityMail.queue(tx, session.id, "recovery-codes", origin);
        return codes;
      });
      deps.securityMail.wake();
      return { recoveryCodes };
    },

    /**
     * Sudo mode's code: whether `code` is the account's current TOTP code, not used before
     * ("wrong" when two-factor sign-in is off). A wrong one counts like a wrong sign-in code. An
     * authenticator turned on since the session signed in was set up on it (turning it on ends
     * every other session): its codes are no proof there ("set-up-since", not checked).
     */
    async checkCode(session: SudoSession, code: string, client: string): Promise<SudoCodeCheck> {
      const adminId = session.id;
      const found = await row(adminId);
      if (!found?.enabledAt) return "wrong";
      const signedInAt = await sessionSignedInAt(db, session.sessionId);
      if (!signedInAt || signedInAt <= found.enabledAt) return "set-up-since";
      const keys = await reserve(adminId, client);
      if ((await acceptCode(adminId, found.secret, code, true)) !== "ok") return "wrong";
      await refund(keys);
      return "ok";
    },

    /**
     * A first passkey's recovery codes (in its transaction): ten new ones when the account has no
     * authenticator app (whose codes it keeps), else none. Shown once, with the passkey.
     */
    async recoveryCodesForFirstPasskey(
      adminId: string,
      tx: Pick<Database, "select" | "delete" | "insert">,
    ): Promise<string[] | undefined> {
      const [totp] = await tx
        .select({ enabledAt: adminTwoFactor.enabledAt })
        .from(adminTwoFactor)
        .where(eq(adminTwoFactor.adminId, adminId));
      if (totp?.enabledAt) return undefined;
      return replaceRecoveryCodes(adminId, tx);
    },

    /** The last passkey removed (in its transaction): without an authenticator app the recovery codes go too. */
    async dropRecoveryCodesWithoutMethod(
      adminId: string,
      tx: Pick<Database, "select" | "delete">,
    ): Promise<void> {
      if (await hasStrongSignIn(tx, adminId)) return;
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    },

    /** Whether the account has an unused recovery code (a passkey-only account's second step offers it). */
    async hasRecoveryCodes(adminId: string): Promise<boolean> {
      const [found] = await db
        .select({ id: adminRecoveryCodes.id })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)))
        .limit(1);
      return Boolean(found);
    },

    /** Whether the account must give a code after its password. */
    async isEnabled(adminId: string): Promise<boolean> {
      return hasStrongSignInTotp(await row(adminId));
    },

    /**
     * The password step's answer for an account with two-factor sign-in: a random token naming
     * the account (only its SHA-256 stored), good for five minutes and one completed sign-in.
     */
    async beginSignIn(adminId: string, passwordHash: string): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      await db.delete(adminPendingSignIns).where(lt(adminPendingSignIns.expiresAt, new Date()));
      await db.insert(adminPendingSignIns).values({
        tokenHash: sha256(token),
        adminId,
        passwordCheck: sha256(passwordHash),
        expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS),
      });
      return token;
    },

    /**
     * The code step: the pending sign-in's account when `code` is its current TOTP code (not
     * replayed) or an unused recovery code (used up now). The pending sign-in is consumed on
     * success; wrong codes count like wrong passwords. `passwordCheck` lets the caller make sure
     * the password did not change meanwhile.
     */
    async completeSignIn(input: {
      pending: string;
      code: string;
      client: string;
    }): Promise<{ adminId: string; passwordCheck: string; recoveryCodeUsed: boolean }> {
      const expired = new Invalid(TWO_FACTOR_MESSAGES.pendingExpired);
      if (!PENDING_SHAPE.test(input.pending)) throw expired;
      const tokenHash = sha256(input.pending);
      const [pending] = await db
        .select()
        .from(adminPendingSignIns)
        .where(
          and(eq(adminPendingSignIns.tokenHash, tokenHash), gt(adminPendingSignIns.expiresAt, new Date())),
        );
      if (!pending) throw expired;
      const found = await row(pending.adminId);
      // Without the app, a passkey-only account's recovery code (made with its first passkey).
      const totpOn = Boolean(found?.enabledAt);
      if (!totpOn && !(await hasPasskey(db, pending.adminId))) throw expired;
      const keys = await reserve(pending.adminId, input.client);
      const result =
        found && totpOn ? await acceptCode(pending.adminId, found.secret, input.code, true) : "wrong";
      let recoveryCodeUsed = false;
      if (result !== "ok") {
        if (result === "replayed") {
          await record("sign_in_failed_two_factor", pending.adminId, { ip: input.client });
          throw codeRefusal(result);
        }
        recoveryCodeUsed = await spendRecoveryCode(pending.adminId, input.code);
        if (!recoveryCodeUsed) {
          await record("sign_in_failed_two_factor", pending.adminId, { ip: input.client });
          throw codeRefusal("wrong");
        }
        await record("recovery_code_used", pending.adminId, { ip: input.client });
      }
      await refund(keys);
      const consumed = await db
        .delete(adminPendingSignIns)
        .where(eq(adminPendingSignIns.tokenHash, tokenHash))
        .returning({ adminId: adminPendingSignIns.adminId });
      if (consumed.length === 0) throw expired; // used by a racing request
      return { adminId: pending.adminId, passwordCheck: pending.passwordCheck, recoveryCodeUsed };
    },

    /** The SHA-256 a pending sign-in keeps of a password hash (to compare with the current one). */
    passwordCheckOf: (passwordHash: string) => sha256(passwordHash),
  };
}

const hasStrongSignInTotp = (found: { enabledAt: Date | null } | undefined) => Boolean(found?.enabledAt);

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
