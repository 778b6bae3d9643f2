import { eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "../../../common/admin-messages";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { ADMIN_PASSWORD_MIN } from "../../../common/staff/passwords";
import type { Role } from "../../../common/staff/roles";
import { normalEmail } from "../../../common/text";
import type { Database } from "../../db/client";
import { adminPasskeys, adminRecoveryCodes, admins, adminTwoFactor } from "../../db/schema";
import { recordAudit } from "../audit";
import { generatePassword, hashPassword, verifyPassword } from "./passwords";
import { BY_OPERATOR, type ChangeOrigin, type SecurityMail } from "./security-mail";
import type { SessionService } from "./sessions";

export interface AdminAccount {
  id: string;
  email: string;
  role: Role;
}

/**
 * Administrator accounts: creation, password change and reset, and the first-start bootstrap.
 * A new password ends the account's other sessions: whoever knew the old one is signed out.
 * Every password change or reset, and the operator's two-factor reset, mails the account
 * (`securityMail`, in the change's transaction).
 */
export function createAccountService(db: Database, sessions: SessionService, securityMail: SecurityMail) {
  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(admins)
      .where(eq(admins.email, normalEmail(email)));
    return row;
  }

  async function findById(id: string) {
    const [row] = await db.select().from(admins).where(eq(admins.id, id));
    return row;
  }

  /** The new account, or undefined when one with this e-mail exists (even one made a moment ago). */
  async function insertIfAbsent(
    email: string,
    password: string,
    role: Role = "owner",
  ): Promise<AdminAccount | undefined> {
    const [row] = await db
      .insert(admins)
      .values({ email: normalEmail(email), passwordHash: await hashPassword(password), role })
      .onConflictDoNothing({ target: admins.email })
      .returning({ id: admins.id, email: admins.email, role: admins.role });
    return row;
  }

  /** A new account; the operator's (CLI, first start) are Owners, colleagues come by invitation. */
  async function create(email: string, password: string, role: Role = "owner"): Promise<AdminAccount> {
    if (password.length < ADMIN_PASSWORD_MIN) throw new Invalid(ACCOUNT_MESSAGES.passwordTooShort);
    const row = await insertIfAbsent(email, password, role);
    if (!row) throw new Conflict(ACCOUNT_MESSAGES.exists(normalEmail(email)));
    return row;
  }

  /** The operator's reset (CLI): every session of the account ends. */
  async function resetPassword(email: string, password: string): Promise<void> {
    if (password.length < ADMIN_PASSWORD_MIN) throw new Invalid(ACCOUNT_MESSAGES.passwordTooShort);
    const passwordHash = await hashPassword(password);
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(admins)
        .set({ passwordHash })
        .where(eq(admins.email, normalEmail(email)))
        .returning({ id: admins.id });
      if (rows.length > 0) await sessions.revokeAllFor(rows[0].id, undefined, tx);
      if (rows.length > 0) await securityMail.queue(tx, rows[0].id, "password-reset", BY_OPERATOR);
      return rows;
    });
    if (updated.length === 0) throw new NotFound(ACCOUNT_MESSAGES.noSuchAccount(normalEmail(email)));
    securityMail.wake();
  }
  /**
   * The operator's way back in for someone who lost their authenticator app, recovery codes and
   * passkeys (`npm run admin -- reset-two-factor`): removes all three and signs the account out
   * everywhere, in one transaction, recorded in the audit log. Where the Owners require two-factor
   * sign-in, the account is taken to enrolment at its next sign-in.
   */
  async function resetStrongSignIn(email: string, actor: string): Promise<void> {
    const found = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: admins.id, email: admins.email })
        .from(admins)
        .where(eq(admins.email, normalEmail(email)));
      if (!account) return undefined;
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, account.id));
      await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.adminId, account.id));
      await tx.delete(adminPasskeys).where(eq(adminPasskeys.adminId, account.id));
      await sessions.revokeAllFor(account.id, undefined, tx);
      await recordAudit(tx, {
        action: "two_factor_disabled",
        actor: { email: actor },
        target: { id: account.id, label: account.email },
      });
      await securityMail.queue(tx, account.id, "two-factor-reset", BY_OPERATOR);
      return account;
    });
    if (!found) throw new NotFound(ACCOUNT_MESSAGES.noSuchAccount(normalEmail(email)));
    securityMail.wake();
  }

  /**
   * 'Change password' by the signed-in administrator (rules checked by passwordChangeSchema):
   * the current password must match; every other session of the account ends. `origin`: the
   * browser and address the change came from, for the account's security mail.
   */
  async function changePassword(
    adminId: string,
    change: { currentPassword: string; newPassword: string },
    keepToken: string | undefined,
    origin: ChangeOrigin,
  ): Promise<void> {
    const [row] = await db
      .select({ passwordHash: admins.passwordHash, email: admins.email })
      .from(admins)
      .where(eq(admins.id, adminId));
    if (!row || !(await verifyPassword(change.currentPassword, row.passwordHash)))
      throw new Invalid(ACCOUNT_MESSAGES.currentWrong);
    const passwordHash = await hashPassword(change.newPassword);
    // One transaction: a sign-in with the old password either finished first (its session ends
    // here) or waits for the new hash and is refused (sessions.create).
    await db.transaction(async (tx) => {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, adminId));
      await sessions.revokeAllFor(adminId, keepToken, tx);
      const me = { id: adminId, email: row.email };
      await recordAudit(tx, {
        action: "password_changed",
        actor: me,
        target: { id: adminId, label: row.email },
      });
      await securityMail.queue(tx, adminId, "password-changed", origin);
    });
    securityMail.wake();
  }

  async function list(): Promise<AdminAccount[]> {
    return db
      .select({ id: admins.id, email: admins.email, role: admins.role })
      .from(admins)
      .orderBy(admins.createdAt);
  }

  /**
   * At start: create ADMIN_EMAIL when it does not exist; with no administrator at all and no
   * ADMIN_EMAIL, create one with a generated password, returned so it can be printed once.
   * Idempotent: the server runs it under the first-start lock, and an account made meanwhile by
   * anyone else (an `npm run admin` command) is left as it is.
   */
  async function bootstrap(options: {
    adminEmail?: string;
    adminPassword?: string;
    fallbackEmail: string;
  }): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if (options.adminEmail && options.adminPassword) {
      if (await findByEmail(options.adminEmail)) return undefined;
      const row = await insertIfAbsent(options.adminEmail, options.adminPassword);
      return row && { email: row.email };
    }
    const [existing] = await db.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return undefined;
    const password = generatePassword();
    const row = await insertIfAbsent(options.adminEmail ?? options.fallbackEmail, password);
    return row && { email: row.email, generatedPassword: password };
  }

  return { findByEmail, findById, create, resetPassword, resetStrongSignIn, changePassword, list, bootstrap };
}

export type AccountService = ReturnType<typeof createAccountService>;
