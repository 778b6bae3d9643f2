import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminPasskeys, admins, adminTwoFactor } from "../../db/schema";

/**
 * After `npm run secrets:rotate -- --renew` (server/secrets/renew.ts) removed an account's
 * authenticator app, the account must enrol again, whatever the Owner's requirement says: the
 * same "must enrol" state (services/access.ts), until it has turned two-factor sign-in on or
 * added a passkey since then. Once it has, the mark is cleared, so turning it off later asks
 * nothing more of it than of anyone.
 */
export async function renewedEnrolmentDue(
  db: Pick<Database, "select" | "update">,
  adminId: string,
): Promise<boolean> {
  const [account] = await db
    .select({ dueAt: admins.enrolmentDueAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  const dueAt = account?.dueAt;
  if (!dueAt) return false;
  const [totp] = await db
    .select({ adminId: adminTwoFactor.adminId })
    .from(adminTwoFactor)
    .where(
      and(
        eq(adminTwoFactor.adminId, adminId),
        isNotNull(adminTwoFactor.enabledAt),
        gt(adminTwoFactor.enabledAt, dueAt),
      ),
    );
  const [passkey] = totp
    ? [totp]
    : await db
        .select({ id: adminPasskeys.id })
        .from(adminPasskeys)
        .where(and(eq(adminPasskeys.adminId, adminId), gt(adminPasskeys.createdAt, dueAt)))
        .limit(1);
  if (!passkey) return true;
  await db
    .update(admins)
    .set({ enrolmentDueAt: null })
    .where(and(eq(admins.id, adminId), eq(admins.enrolmentDueAt, dueAt)));
  return false;
}
