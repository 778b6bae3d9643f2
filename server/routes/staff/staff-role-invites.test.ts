import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "../../../common/admin-messages";
import type { Role } from "../../../common/staff/roles";
import { admins, mailOutbox } from "../../db/schema";
import { ADMIN, bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const PASSWORD = "colleague-password-1";

/**
 * Role changes take invitations with them: a role that may not invite withdraws the pending
 * invitations the colleague sent (each on the record), and an invitation is accepted only while
 * its sender still has an account whose role may invite.
 */
describe.each(TEST_DATABASES)("invitations and role changes on %s", (kind) => {
  const signed = signedInApp(kind, { SITE_URL: "https://www.example.co.uk" });
  const app = () => signed.app;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth: string, payload?: object) =>
    app().inject({ method, url, headers: bearer(auth), payload });
  const idOf = async (email: string) => (await app().services.accounts.findByEmail(email))!.id;

  /** Invites `email` as `auth` with `role`; the invitation's id and its link's token (from the outbox). */
  async function invite(email: string, auth: string, role: Role = "owner") {
    const res = await call("POST", "/api/admin/staff/invites", auth, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await app()
      .db.select({ message: mailOutbox.message })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "invite"))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const link = /\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mail?.message));
    if (!link) throw new Error("no invitation link in the outbox");
    return { id: res.json().data.id as string, token: link[1] };
  }
  const accept = (token: string) =>
    app().inject({
      method: "POST",
      url: `/api/admin/invites/${token}`,
      payload: { password: PASSWORD },
      remoteAddress: "10.1.2.3",
    });
  const pending = async () =>
    ((await call("GET", "/api/admin/staff", signed.token)).json().data.invites as Array<{ id: string }>).map(
      (i) => i.id,
    );
  const withdrawals = async () => {
    const res = await call("GET", "/api/admin/audit?action=invite_withdrawn", signed.token);
    expect(res.statusCode).toBe(200);
    return res.json().events as Array<Record<string, string | null>>;
  };

  it("demoting an Owner withdraws the invitations they sent, on the record; their Owner invitation creates no Owner", async () => {
    const demoted = await signInAs(app(), "owner", "demoted.owner@example.co.uk");
    const sent = await invite("would.be.owner@example.co.uk", demoted, "owner");
    const alsoSent = await invite("would.be.desk@example.co.uk", demoted, "desk");
    const kept = await invite("invited.by.first.owner@example.co.uk", signed.token, "editor");
    const before = (await withdrawals()).length;

    const changed = await call(
      "PUT",
      `/api/admin/staff/${await idOf("demoted.owner@example.co.uk")}/role`,
      signed.token,
      {
        role: "desk",
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ email: "demoted.owner@example.co.uk", role: "desk" });

    expect(await pending()).toEqual([kept.id]);
    const entries = await withdrawals();
    expect(entries).toHaveLength(before + 2);
    expect(entries.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorEmail: ADMIN.email,
          targetId: sent.id,
          targetLabel: "would.be.owner@example.co.uk (owner), sent by demoted.owner@example.co.uk",
        }),
        expect.objectContaining({ targetId: alsoSent.id }),
      ]),
    );

    const refused = await accept(sent.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STAFF_MESSAGES.inviteInvalid);
    expect(await app().services.accounts.findByEmail("would.be.owner@example.co.uk")).toBeUndefined();
    // The demoted colleague cannot send another.
    const again = await call("POST", "/api/admin/staff/invites", demoted, {
      email: "x@example.co.uk",
      role: "owner",
    });
    expect(again.statusCode).toBe(403);
    // Invitations by an Owner who kept the right still work.
    expect((await accept(kept.token)).statusCode).toBe(200);
  });

  it("a role change that keeps the right to invite leaves the invitations as they are", async () => {
    const other = await signInAs(app(), "owner", "staying.owner@example.co.uk");
    const sent = await invite("friend.of.staying@example.co.uk", other, "desk");
    const id = await idOf("staying.owner@example.co.uk");
    const same = await app().services.staff.changeRole(id, "owner", {
      id: await idOf(ADMIN.email),
      email: ADMIN.email,
      role: "owner",
    });
    expect(same.invitesWithdrawn).toBe(0);
    expect(await pending()).toContain(sent.id);
    expect((await accept(sent.token)).statusCode).toBe(200);
  });

  it("an invitation is accepted only while its sender may still invite, with a message that says so", async () => {
    const sender = await signInAs(app(), "owner", "changed.elsewhere@example.co.uk");
    const sent = await invite("waiting.owner@example.co.uk", sender, "owner");
    // As a role taken away by any other door (or before this rule): the invitation is still there.
    await app()
      .db.update(admins)
      .set({ role: "editor" })
      .where(eq(admins.email, "changed.elsewhere@example.co.uk"));

    expect(await pending()).not.toContain(sent.id);
    const page = await app()
      .services.staff.invitation(sent.token)
      .catch((error: Error) => error);
    expect(page).toMatchObject({ name: "NotFound", message: STAFF_MESSAGES.inviteSenderCannotInvite });
    const refused = await accept(sent.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STAFF_MESSAGES.inviteSenderCannotInvite);
    expect(await app().services.accounts.findByEmail("waiting.owner@example.co.uk")).toBeUndefined();

    // The right given back, the same link works (it was never used).
    await app()
      .db.update(admins)
      .set({ role: "owner" })
      .where(eq(admins.email, "changed.elsewhere@example.co.uk"));
    const joined = await accept(sent.token);
    expect(joined.statusCode).toBe(200);
    const account = await app().services.accounts.findByEmail("waiting.owner@example.co.uk");
    expect(account?.role).toBe("owner");
  });

  it("removing an account records each invitation it withdraws", async () => {
    const leaver = await signInAs(app(), "owner", "leaving.with.invites@example.co.uk");
    const sent = await invite("friend.of.leaving@example.co.uk", leaver, "editor");
    const id = await idOf("leaving.with.invites@example.co.uk");
    expect((await call("DELETE", `/api/admin/staff/${id}`, signed.token)).statusCode).toBe(200);
    expect(await pending()).not.toContain(sent.id);
    expect((await withdrawals())[0]).toMatchObject({
      actorEmail: ADMIN.email,
      targetId: sent.id,
      targetLabel: "friend.of.leaving@example.co.uk (editor), sent by leaving.with.invites@example.co.uk",
    });
  });
});
