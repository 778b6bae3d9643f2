import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_MESSAGES, STAFF_MESSAGES } from "../../../common/admin-messages";
import { Limited } from "../../../common/errors";
import { adminInvites, mailOutbox } from "../../db/schema";
import { INVITE_ACCEPT_ATTEMPTS } from "../../services/staff/staff";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";

const PASSWORD = "colleague-password-1";

/**
 * A removed colleague has no way back: removal withdraws their pending invitations, an Owner can
 * withdraw any pending invitation, and accepting checks the inviter still exists. Accepting checks
 * the link before any password work, hashes in sign-in's bounded slots and is limited per client.
 */
describe.each(TEST_DATABASES)("withdrawing invitations on %s", (kind) => {
  const signed = signedInApp(kind, { SITE_URL: "https://www.example.co.uk" });
  afterEach(() => vi.restoreAllMocks());

  const call = (method: "GET" | "POST" | "DELETE", url: string, auth: string, payload?: object) =>
    app().inject({ method, url, headers: bearer(auth), payload });
  const app = () => signed.app;

  /** Invites `email` as `auth`; the invitation's id and its link's token (read from the outbox). */
  async function invite(email: string, auth = signed.token) {
    const res = await call("POST", "/api/admin/staff/invites", auth, { email, role: "desk" });
    expect(res.statusCode).toBe(201);
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
  const accept = (token: string, ip = "127.0.0.1") =>
    app().inject({
      method: "POST",
      url: `/api/admin/invites/${token}`,
      payload: { password: PASSWORD },
      remoteAddress: ip,
    });
  const pending = async () => (await call("GET", "/api/admin/staff", signed.token)).json().data.invites;

  it("removing an account withdraws the invitations it sent, in the same removal", async () => {
    const colleague = await signInAs(app(), "owner", "leaving.owner@example.co.uk");
    const sent = await invite("friend.of.leaver@example.co.uk", colleague);
    const kept = await invite("friend.of.owner@example.co.uk");
    const accounts = (await call("GET", "/api/admin/staff", signed.token)).json().data.accounts;
    const leaver = accounts.find((a: { email: string }) => a.email === "leaving.owner@example.co.uk");
    expect((await call("DELETE", `/api/admin/staff/${leaver.id}`, signed.token)).statusCode).toBe(200);

    expect((await pending()).map((i: { id: string }) => i.id)).toEqual([kept.id]);
    const refused = await accept(sent.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STAFF_MESSAGES.inviteInvalid);
    expect(await app().services.accounts.findByEmail("friend.of.leaver@example.co.uk")).toBeUndefined();
    expect((await accept(kept.token)).statusCode).toBe(200);
  });

  it("'Withdraw' ends a pending invitation's link; a second withdrawal or a bad id is a 404", async () => {
    const { id, token } = await invite("withdrawn@example.co.uk");
    const withdrawn = await call("DELETE", `/api/admin/staff/invites/${id}`, signed.token);
    expect(withdrawn.statusCode).toBe(200);
    expect(await pending()).not.toContainEqual(expect.objectContaining({ id }));
    expect((await accept(token)).statusCode).toBe(404);
    const again = await call("DELETE", `/api/admin/staff/invites/${id}`, signed.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.inviteNotFound);
    expect((await call("DELETE", "/api/admin/staff/invites/not-an-id", signed.token)).statusCode).toBe(404);
  });

  it("only an Owner withdraws an invitation", async () => {
    const { id } = await invite("still.waiting@example.co.uk");
    const desk = await signInAs(app(), "desk");
    expect((await call("DELETE", `/api/admin/staff/invites/${id}`, desk)).statusCode).toBe(403);
    expect(await pending()).toContainEqual(expect.objectContaining({ id }));
  });

  it("an invitation whose inviter no longer exists cannot be accepted", async () => {
    const { id, token } = await invite("orphan@example.co.uk");
    // As one left from before removals withdrew invitations: the inviter gone, the row still there.
    await app().db.update(adminInvites).set({ invitedBy: null }).where(eq(adminInvites.id, id));
    expect((await accept(token, "10.0.0.9")).statusCode).toBe(404);
    expect(await app().services.accounts.findByEmail("orphan@example.co.uk")).toBeUndefined();
  });

  it("checks the link before hashing, and hashes a live one in sign-in's slots", async () => {
    const work = vi.spyOn(app().services.signIns, "passwordWork");
    const unknown = randomBytes(32).toString("base64url");
    expect((await accept(unknown, "10.0.0.1")).statusCode).toBe(404);
    expect(work).not.toHaveBeenCalled();

    const { token } = await invite("hashed.in.slot@example.co.uk");
    // The slots are full: refused for now, nothing used, and the link still works afterwards.
    work.mockRejectedValueOnce(new Limited(SIGN_IN_MESSAGES.busy));
    const busy = await accept(token, "10.0.0.1");
    expect(busy.statusCode).toBe(429);
    expect(busy.json().message).toBe(SIGN_IN_MESSAGES.busy);
    expect(await app().services.accounts.findByEmail("hashed.in.slot@example.co.uk")).toBeUndefined();
    expect((await accept(token, "10.0.0.1")).statusCode).toBe(200);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("limits failed acceptances per client; other clients are not affected", async () => {
    const guesses = Array.from({ length: INVITE_ACCEPT_ATTEMPTS }, () =>
      accept(randomBytes(32).toString("base64url"), "10.0.0.66"),
    );
    for (const res of await Promise.all(guesses)) expect(res.statusCode).toBe(404);
    const limited = await accept(randomBytes(32).toString("base64url"), "10.0.0.66");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed login attempts/);
    const { token } = await invite("other.client@example.co.uk");
    expect((await accept(token, "10.0.0.67")).statusCode).toBe(200);
  });
});
