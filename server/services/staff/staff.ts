import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, STAFF_MESSAGES } from "../../../common/admin-messages";
import { COMPANY } from "../../../common/company";
import { Conflict, Invalid, NotFound } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { ADMIN_PASSWORD_MIN } from "../../../common/staff/passwords";
import { can, ROLE_MESSAGES, ROLES, type Role } from "../../../common/staff/roles";
import { INVITE_TTL_MS, inviteMail, type StaffAccount, type StaffInvite } from "../../../common/staff/staff";
import { normalEmail } from "../../../common/text";
import type { Database } from "../../db/client";
import { ADVISORY_LOCKS } from "../../db/locks";
import { adminInvites, admins, mailOutbox } from "../../db/schema";
import { authorize } from "../access";
import { recordAudit } from "../audit";
import type { KnownBrowsers } from "./browsers";
import { hashPassword } from "./passwords";
import type { SessionService } from "./sessions";
import type { SignInService } from "./sign-ins";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const UNIQUE_VIOLATION = "23505";

const invalidInvite = () => new NotFound(STAFF_MESSAGES.inviteInvalid);

/**
 * The roles that may invite (the Staff permission; such a role may invite any role, as `invite`
 * checks). An invitation is accepted only while its sender still has an account with one of them.
 */
const INVITING_ROLES = ROLES.filter((role) => can(role, "staff"));

/** Failed invitation acceptances one client may make per sign-in window (15 minutes). */
export const INVITE_ACCEPT_ATTEMPTS = 10;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** Who acts on the Staff screen or API: the signed-in account, with the role its session read. */
type Actor = { id: string; email: string; role: Role };

/**
 * Several staff, each with a role (common/staff/roles.ts); only an Owner manages staff (checked here,
 * for the screen, the API and anything else that calls). A colleague is invited by e-mail
 * (a one-time link, valid INVITE_TTL_MS, mailed through the outbox in the invitation's own
 * transaction) and sets their own password. Removing an account ends its sessions at once (they
 * cascade); at least one Owner always remains, and nobody removes their own account or changes
 * their own role.
 */
export function createStaffService(
  db: Database,
  deps: {
    sessions: SessionService;
    /** Sign-in's bounded scrypt slots and failure counters, shared by accepting an invitation. */
    signIns: Pick<SignInService, "passwordWork" | "attempt">;
    /** The browser that accepts becomes one the account knows (no new-browser mail for it). */
    browsers: KnownBrowsers;
    siteUrl: string;
    wakeMail(): void;
  },
) {
  /** Unused and unexpired, whoever sent it. */
  const waiting = () => and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, sql`now()`));

  /**
   * Its sender still has an account whose role may invite (removing an account or taking away
   * the right to invite withdraws its invitations; this also refuses any left from before then).
   */
  const senderMayInvite = () =>
    inArray(
      adminInvites.invitedBy,
      db.select({ id: admins.id }).from(admins).where(inArray(admins.role, INVITING_ROLES)),
    );

  /** A live invitation: waiting, and its sender may still invite. */
  const live = (tokenHash: string) =>
    and(eq(adminInvites.tokenHash, tokenHash), waiting(), senderMayInvite());

  /**
   * Why the link `tokenHash` is refused: still waiting but its sender can no longer invite (a
   * message that says so), or used, expired, withdrawn or unknown.
   */
  async function refusal(tx: Pick<Database, "select">, tokenHash: string): Promise<NotFound> {
    const [stale] = await tx
      .select({ id: adminInvites.id })
      .from(adminInvites)
      .where(and(eq(adminInvites.tokenHash, tokenHash), waiting()));
    return stale ? new NotFound(STAFF_MESSAGES.inviteSenderCannotInvite) : invalidInvite();
  }

  /**
   * Withdraws the pending invitations account `sender` sent (it was removed, or its new role may
   * not invite), each recorded as withdrawn by `by`, in the caller's transaction: how many.
   */
  async function withdrawSentBy(
    tx: Pick<Database, "delete" | "insert">,
    sender: { id: string; email: string },
    by: Actor,
  ): Promise<number> {
    // Used ones stay (as a record of who joined; invited_by becomes null if the sender is removed).
    const withdrawn = await tx
      .delete(adminInvites)
      .where(and(eq(adminInvites.invitedBy, sender.id), isNull(adminInvites.usedAt)))
      .returning({ id: adminInvites.id, email: adminInvites.email, role: adminInvites.role });
    for (const invite of withdrawn)
      await recordAudit(tx, {
        action: "invite_withdrawn",
        actor: by,
        target: { id: invite.id, label: `${invite.email} (${invite.role}), sent by ${sender.email}` },
      });
    return withdrawn.length;
  }

  async function list(by: Actor): Promise<{ accounts: StaffAccount[]; invites: StaffInvite[] }> {
    authorize(by, "staff");
    const [accounts, invites] = await Promise.all([
      db
        .select({
          id: admins.id,
          email: admins.email,
          createdAt: admins.createdAt,
          lastSignInAt: admins.lastSignInAt,
          role: admins.role,
        })
        .from(admins)
        .orderBy(asc(admins.createdAt), asc(admins.email)),
      db
        .select({
          id: adminInvites.id,
          email: adminInvites.email,
          expiresAt: adminInvites.expiresAt,
          role: adminInvites.role,
        })
        .from(adminInvites)
        .where(and(waiting(), senderMayInvite()))
        .orderBy(asc(adminInvites.createdAt)),
    ]);
    return {
      accounts: accounts.map((a) => ({
        ...a,
        createdAt: a.createdAt.toISOString(),
        lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
      })),
      invites: invites.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    };
  }

  /**
   * Invites `email` on behalf of `by`: an earlier unused invitation to the same address stops
   * working (only the newest link does). Conflict when the address already has an account.
   * The invitation names the role the colleague's account gets.
   */
  async function invite(email: string, role: Role, by: Actor): Promise<StaffInvite> {
    authorize(by, "staff");
    const address = normalEmail(email);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
    const mail = inviteMail({
      link: `${deps.siteUrl}/admin/invite/${token}`,
      invitedBy: by.email,
      expiresAt,
      site: COMPANY.name,
    });
    const row = await db.transaction(async (tx) => {
      // Demoted or removed a moment ago: an invitation made now would outlive the right to send it.
      await ownerStillAsking(tx, by);
      const [account] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.email, address));
      if (account) throw new Conflict(STAFF_MESSAGES.exists);
      await tx.delete(adminInvites).where(and(eq(adminInvites.email, address), isNull(adminInvites.usedAt)));
      const [made] = await tx
        .insert(adminInvites)
        .values({ email: address, tokenHash: hashToken(token), invitedBy: by.id, expiresAt, role })
        .returning({
          id: adminInvites.id,
          email: adminInvites.email,
          expiresAt: adminInvites.expiresAt,
          role: adminInvites.role,
        });
      await tx.insert(mailOutbox).values({ kind: "invite", message: { to: address, ...mail } });
      await recordAudit(tx, {
        action: "invited",
        actor: by,
        target: { id: made.id, label: `${address} (${role})` },
      });
      return made;
    });
    deps.wakeMail();
    return { ...row, expiresAt: row.expiresAt.toISOString() };
  }

  /** The address an unused, unexpired invitation is for; NotFound otherwise. */
  async function invitation(token: string): Promise<{ email: string }> {
    if (!TOKEN_SHAPE.test(token)) throw invalidInvite();
    const [row] = await db
      .select({ email: adminInvites.email })
      .from(adminInvites)
      .where(live(hashToken(token)));
    if (!row) throw await refusal(db, hashToken(token));
    return row;
  }

  /**
   * Uses the invitation once: the account is made with the colleague's password and signed in
   * (the new session's token). NotFound for a used, expired, withdrawn or unknown link, or one
   * whose sender was removed or may no longer invite (STAFF_MESSAGES.inviteSenderCannotInvite). The link is checked before any password work, and the hashing
   * runs in sign-in's bounded slots; `client` (server/client-address.ts) has
   * INVITE_ACCEPT_ATTEMPTS failed tries per window (Limited beyond).
   */
  async function accept(
    token: string,
    password: string,
    client: string,
    userAgent?: string | null,
    browserId?: string,
  ): Promise<{ email: string; token: string; browser: string }> {
    if (password.length < ADMIN_PASSWORD_MIN)
      throw new Invalid(ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN));
    const refund = await deps.signIns.attempt(`invite:client:${client}`, INVITE_ACCEPT_ATTEMPTS);
    if (!TOKEN_SHAPE.test(token)) throw invalidInvite();
    const tokenHash = hashToken(token);
    const [acceptable] = await db.select({ id: adminInvites.id }).from(adminInvites).where(live(tokenHash));
    if (!acceptable) throw await refusal(db, tokenHash);
    const passwordHash = await deps.signIns
      .passwordWork(() => hashPassword(password))
      .catch(async (error) => {
        await refund(); // refused for load, not a wrong link
        throw error;
      });
    let account: { id: string; email: string };
    try {
      account = await db.transaction(async (tx) => {
        // Serialised with removals and role changes: an inviter removed or demoted meanwhile has
        // withdrawn this invitation, and the sender's role is read under the same lock.
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.staffRemoval})`);
        // Used at most once, even by two tabs at the same moment: the update claims it.
        const [used] = await tx
          .update(adminInvites)
          .set({ usedAt: sql`now()` })
          .where(live(tokenHash))
          .returning({ email: adminInvites.email, role: adminInvites.role });
        if (!used) throw await refusal(tx, tokenHash);
        const [made] = await tx
          .insert(admins)
          .values({ email: used.email, passwordHash, role: used.role })
          .returning({ id: admins.id, email: admins.email });
        await recordAudit(tx, {
          action: "invite_accepted",
          actor: made,
          target: { id: made.id, label: `${made.email} (${used.role})` },
          ip: client,
        });
        return made;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(STAFF_MESSAGES.exists);
      throw error;
    }
    await refund();
    const session = await deps.sessions.create(account.id, passwordHash, userAgent ?? undefined);
    if (!session) throw invalidInvite();
    const browser = await deps.browsers.remember({
      adminId: account.id,
      email: account.email,
      browser: browserId,
      userAgent,
      mail: false,
    });
    return { email: account.email, token: session.token, browser };
  }

  /**
   * Withdraws the pending invitation `id`: its link stops working at once. NotFound when it was
   * used, withdrawn or never existed.
   */
  async function withdraw(id: string, by: Actor): Promise<{ email: string }> {
    authorize(by, "staff");
    if (!UUID_SHAPE.test(id)) throw new NotFound(STAFF_MESSAGES.inviteNotFound);
    return db.transaction(async (tx) => {
      await ownerStillAsking(tx, by);
      const [withdrawn] = await tx
        .delete(adminInvites)
        .where(and(eq(adminInvites.id, id), isNull(adminInvites.usedAt)))
        .returning({ email: adminInvites.email });
      if (!withdrawn) throw new NotFound(STAFF_MESSAGES.inviteNotFound);
      await recordAudit(tx, {
        action: "invite_withdrawn",
        actor: by,
        target: { id, label: withdrawn.email },
      });
      return withdrawn;
    });
  }

  /**
   * Removes the account `id`; its sessions end with it (they cascade) and its pending invitations
   * are withdrawn in the same transaction (a removed colleague has no way back). `by` is who asks: nobody
   * removes their own account, and the asker must still exist when the removal runs (checked
   * under a lock), so two colleagues removing each other at once leave one: an account always
   * remains.
   */
  async function remove(id: string, by: Actor): Promise<{ email: string }> {
    authorize(by, "staff");
    if (!UUID_SHAPE.test(id)) throw new NotFound(STAFF_MESSAGES.notFound);
    if (id === by.id) throw new Conflict(STAFF_MESSAGES.removeSelf);
    return db.transaction(async (tx) => {
      await ownerStillAsking(tx, by);
      const [account] = await tx.select({ email: admins.email }).from(admins).where(eq(admins.id, id));
      if (!account) throw new NotFound(STAFF_MESSAGES.notFound);
      // Its pending invitations go with it, each on the record (before the account: invited_by
      // becomes null when it goes).
      await withdrawSentBy(tx, { id, email: account.email }, by);
      const [removed] = await tx.delete(admins).where(eq(admins.id, id)).returning({ email: admins.email });
      if (!removed) throw new NotFound(STAFF_MESSAGES.notFound);
      await ownerRemains(tx);
      await recordAudit(tx, { action: "staff_removed", actor: by, target: { id, label: removed.email } });
      return removed;
    });
  }

  /**
   * An Owner gives colleague `id` another role; it holds from their next request (sessions read
   * the role each time). Never one's own role; at least one Owner always remains. A role that may
   * not invite withdraws the pending invitations they sent, in the same transaction
   * (`invitesWithdrawn`: how many).
   */
  async function changeRole(
    id: string,
    role: Role,
    by: Actor,
  ): Promise<{ email: string; role: Role; invitesWithdrawn: number }> {
    authorize(by, "staff");
    if (!UUID_SHAPE.test(id)) throw new NotFound(STAFF_MESSAGES.notFound);
    if (id === by.id) throw new Conflict(ROLE_MESSAGES.ownRole);
    return db.transaction(async (tx) => {
      await ownerStillAsking(tx, by);
      const [changed] = await tx
        .update(admins)
        .set({ role })
        .where(eq(admins.id, id))
        .returning({ email: admins.email, role: admins.role });
      if (!changed) throw new NotFound(STAFF_MESSAGES.notFound);
      await ownerRemains(tx);
      await recordAudit(tx, {
        action: "role_changed",
        actor: by,
        target: { id, label: `${changed.email} → ${changed.role}` },
      });
      const invitesWithdrawn = can(changed.role, "staff")
        ? 0
        : await withdrawSentBy(tx, { id, email: changed.email }, by);
      return { ...changed, invitesWithdrawn };
    });
  }

  /**
   * Staff changes are serialised (one advisory lock), and the asker must still be an Owner when
   * the change runs: two Owners removing or demoting each other at once leave one.
   */
  async function ownerStillAsking(tx: Pick<Database, "execute" | "select">, by: Actor) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.staffRemoval})`);
    // Removed a moment ago by someone else: no longer anyone's to act for.
    const [asker] = await tx.select({ role: admins.role }).from(admins).where(eq(admins.id, by.id));
    if (!asker) throw new NotFound(STAFF_MESSAGES.notFound);
    authorize(asker, "staff");
  }

  async function ownerRemains(tx: Pick<Database, "select">) {
    const [owner] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.role, "owner")).limit(1);
    if (!owner) throw new Conflict(ROLE_MESSAGES.lastOwner);
  }

  /** An Owner ends every session of account `id` (a lost laptop, a leaver): how many ended. */
  async function endSessions(id: string, by: Actor): Promise<{ email: string; ended: number }> {
    authorize(by, "staff");
    if (!UUID_SHAPE.test(id)) throw new NotFound(STAFF_MESSAGES.notFound);
    const [account] = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, id));
    if (!account) throw new NotFound(STAFF_MESSAGES.notFound);
    const ended = await deps.sessions.revokeAllFor(id);
    await recordAudit(db, { action: "sessions_ended", actor: by, target: { id, label: account.email } });
    return { email: account.email, ended };
  }

  return { list, invite, invitation, accept, withdraw, remove, changeRole, endSessions };
}

export type StaffService = ReturnType<typeof createStaffService>;
