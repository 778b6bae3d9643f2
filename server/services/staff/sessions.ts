import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { AUDIT_MESSAGES } from "../../../common/audit";
import { NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { ADMIN_SESSION_TTL_MS } from "../../../common/staff/admin-cookie";
import { describeDevice, storedUserAgent } from "../../../common/staff/device";
import type { Role } from "../../../common/staff/roles";
import { SESSION_MESSAGES } from "../../../common/staff/sessions";
import type { Database } from "../../db/client";
import { adminSessions, admins } from "../../db/schema";
import { recordAudit } from "../audit";

/** Sessions are 32 random bytes handed to the client; only their SHA-256 is stored. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionAdmin {
  id: string;
  email: string;
  /** Read with the session on every request: a role change holds at once. */
  role: Role;
  /** The session's own id (not its token): 'Account' marks it as this one. */
  sessionId: string;
}

/** One of an account's sessions as 'Account' lists it. */
export interface SessionListing {
  id: string;
  device: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

/** How stale `last_seen_at` may get before a request writes it again: one write a minute at most. */
const SEEN_EVERY_MS = 60_000;

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
    userAgent?: string,
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
      await tx
        .insert(adminSessions)
        .values({ tokenHash: hashToken(token), adminId, expiresAt, userAgent: storedUserAgent(userAgent) });
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
      .select({
        id: admins.id,
        email: admins.email,
        role: admins.role,
        sessionId: adminSessions.id,
        lastSeenAt: adminSessions.lastSeenAt,
      })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, new Date())));
    if (!row) return undefined;
    const { lastSeenAt, ...admin } = row;
    if (Date.now() - lastSeenAt.getTime() > SEEN_EVERY_MS)
      await db
        .update(adminSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(adminSessions.id, admin.sessionId));
    return admin;
  }

  /** The account's live sessions, the most recently used first; `current` marks `currentId`. */
  async function listFor(adminId: string, currentId?: string): Promise<SessionListing[]> {
    const rows = await db
      .select({
        id: adminSessions.id,
        userAgent: adminSessions.userAgent,
        createdAt: adminSessions.createdAt,
        lastSeenAt: adminSessions.lastSeenAt,
      })
      .from(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), gt(adminSessions.expiresAt, new Date())))
      .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.createdAt));
    return rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      firstSeen: row.createdAt.toISOString(),
      lastSeen: row.lastSeenAt.toISOString(),
      current: row.id === currentId,
    }));
  }

  /**
   * 'Sign out' on one of the account's own sessions, by its id: the device it was; NotFound when
   * the account has no such session (ended already, or someone else's).
   */
  async function revokeById(adminId: string, sessionId: string): Promise<{ device: string }> {
    if (!UUID_SHAPE.test(sessionId)) throw new NotFound(SESSION_MESSAGES.notFound);
    const [ended] = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), eq(adminSessions.id, sessionId)))
      .returning({ userAgent: adminSessions.userAgent });
    if (!ended) throw new NotFound(SESSION_MESSAGES.notFound);
    await recordEnded("sessions_ended", adminId, describeDevice(ended.userAgent));
    return { device: describeDevice(ended.userAgent) };
  }

  async function revoke(token: string): Promise<void> {
    if (!TOKEN_SHAPE.test(token)) return;
    const [ended] = await db
      .delete(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)))
      .returning({ adminId: adminSessions.adminId, userAgent: adminSessions.userAgent });
    if (ended) await recordEnded("sign_out", ended.adminId, describeDevice(ended.userAgent));
  }

  /** The audit log's entry for a session the account ended itself (the target: the device). */
  async function recordEnded(action: "sign_out" | "sessions_ended", adminId: string, label: string) {
    const [me] = await db
      .select({ id: admins.id, email: admins.email })
      .from(admins)
      .where(eq(admins.id, adminId));
    await recordAudit(db, {
      action,
      actor: me ?? { id: adminId, email: "" },
      target: { id: adminId, label },
    });
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

  /** 'Sign out everywhere else': every session of the account but `keepSessionId` ends; how many. */
  async function revokeOthers(adminId: string, keepSessionId: string): Promise<number> {
    const ended = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId)))
      .returning({ id: adminSessions.id });
    if (ended.length > 0)
      await recordEnded("sessions_ended", adminId, AUDIT_MESSAGES.otherSessions(ended.length));
    return ended.length;
  }

  return { create, verify, revoke, revokeAllFor, listFor, revokeById, revokeOthers };
}

export type SessionService = ReturnType<typeof createSessionService>;
