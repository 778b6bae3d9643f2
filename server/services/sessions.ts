import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { ADMIN_SESSION_TTL_MS } from "../../common/constants";
import type { Role } from "../../common/roles";
import type { Database } from "../db/client";
import { adminSessions, admins } from "../db/schema";

/** Sessions are 32 random bytes handed to the client; only their SHA-256 is stored. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionAdmin {
  id: string;
  email: string;
  /** Read with the session on every request: a role change holds at once. */
  role: Role;
}

export function createSessionService(db: Database) {
  /**
   * A session for an administrator whose password hash is still `checkedHash`, the one the
   * password was checked against; undefined when it changed meanwhile. The account's row is
   * locked while the session is written, so a password change racing the sign-in either comes
   * first (this finds the new hash and makes nothing) or waits and then ends this session too.
   */
  async function create(
    adminId: string,
    checkedHash: string,
  ): Promise<{ token: string; expiresAt: Date } | undefined> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + ADMIN_SESSION_TTL_MS);
    const made = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.id, adminId))
        .for("update"); // the sign-in time is written below: no share-then-upgrade deadlock
      if (account?.passwordHash !== checkedHash) return false;
      await tx.insert(adminSessions).values({ tokenHash: hashToken(token), adminId, expiresAt });
      await tx.update(admins).set({ lastSignInAt: sql`now()` }).where(eq(admins.id, adminId));
      return true;
    });
    if (!made) return undefined;
    // Housekeeping: expired sessions are useless; drop them while we are here.
    await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
    return { token, expiresAt };
  }

  /** The administrator behind a live token, or undefined for a garbled, expired or revoked one. */
  async function verify(token: string | undefined): Promise<SessionAdmin | undefined> {
    if (!token || !TOKEN_SHAPE.test(token)) return undefined;
    const [row] = await db
      .select({ id: admins.id, email: admins.email, role: admins.role })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, new Date())));
    return row;
  }

  async function revoke(token: string): Promise<void> {
    if (!TOKEN_SHAPE.test(token)) return;
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
  }

  /**
   * Ends every session of this administrator, except the one holding `exceptToken` (the device
   * that changed the password stays signed in). Returns how many were ended.
   */
  async function revokeAllFor(
    adminId: string,
    exceptToken?: string,
    tx: Pick<Database, "delete"> = db,
  ): Promise<number> {
    const mine = eq(adminSessions.adminId, adminId);
    const where = exceptToken ? and(mine, ne(adminSessions.tokenHash, hashToken(exceptToken))) : mine;
    const revoked = await tx.delete(adminSessions).where(where).returning({ adminId: adminSessions.adminId });
    return revoked.length;
  }

  return { create, verify, revoke, revokeAllFor };
}

export type SessionService = ReturnType<typeof createSessionService>;
