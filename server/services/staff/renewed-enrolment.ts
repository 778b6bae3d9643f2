import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminPasskeys, admins, adminTwoFactor } from "../../db/schema";

/**
 * After `npm run secrets:rotate -- --renew` (server/secrets/renew.ts) removed an account's
 * authenticator app, the account must enrol again, whatever the Owner's requirement says: the
 * same "must enrol" state (services/access.ts), until it has turned two-factor sign-in on or
 * added a passkey since then. Once it has, the mark is cleared, so turning it off later asks
 * nothing more of it than of anyone. The times are compared in the database (microseconds: a
 * JavaScript Date keeps milliseconds only).
 */
export async function renewedEnrolmentDue(
  db: Pick<Database, "select" | "update">,
  adminId: string,
): Promise<boolean> {
  const [account] = await db
    .select({ dueAt: admins.enrolmentDueAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!account?.dueAt) return false;
  const enrolledSince = sql`(exists (select 1 from ${adminTwoFactor} where ${adminTwoFactor.adminId} = ${admins.id}
      and ${adminTwoFactor.enabledAt} > ${admins.enrolmentDueAt})
    or exists (select 1 from ${adminPasskeys} where ${adminPasskeys.adminId} = ${admins.id}
      and ${adminPasskeys.createdAt} > ${admins.enrolmentDueAt}))`;
  const cleared = await db
    .update(admins)
    .set({ enrolmentDueAt: null })
    .where(and(eq(admins.id, adminId), isNotNull(admins.enrolmentDueAt), enrolledSince))
    .returning({ id: admins.id });
  return cleared.length === 0;
}
