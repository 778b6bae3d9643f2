import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "../../../common/admin-messages";
import type { Role } from "../../../common/staff/roles";
import { adminInvites, mailOutbox } from "../../db/schema";
import { ADMIN, bearer, signIn } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";
import { startSmtp } from "../../test/smtp";

const PASSWORD = "colleague-password-1";

describe.each(TEST_DATABASES)("staff API on %s", (kind) => {
  let app: FastifyInstance;
  let token: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await buildTestApp(kind, { SMTP_URL: smtp.url, SITE_URL: "https://www.example.co.uk" });
    token = await signIn(app);
  });
  afterAll(async () => {
    await app.services.mail.stop();
    await app.close();
    await smtp.close();
  });

  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, auth = token) =>
    app.inject({ method, url, headers: bearer(auth), payload });
  const invite = (email: string, role?: Role) => call("POST", "/api/admin/staff/invites", { email, role });

  /** Invites `email` and returns the link's token, as it arrives by mail. */
  async function invitedToken(email: string, role?: Role): Promise<string> {
    const res = await invite(email, role);
    expect(res.statusCode).toBe(201);
    await app.services.mail.deliverDue();
    const mail = smtp.received.findLast((m) => m.to.includes(email.trim().toLowerCase()));
    const link = /https:\/\/www\.example\.co\.uk\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
    if (!link) throw new Error(`no invitation link mailed to ${email}`);
    return link[1];
  }
  const accept = (inviteToken: string, password = PASSWORD) =>
    app.inject({ method: "POST", url: `/api/admin/invites/${inviteToken}`, payload: { password } });

  it("invites by mail through the outbox; the link works once and signs the colleague in", async () => {
    const email = "new.colleague@example.co.uk";
    const link = await invitedToken(" New.Colleague@Example.co.uk ");
    const listed = (await call("GET", "/api/admin/staff")).json().data;
    expect(listed.invites).toEqual([expect.objectContaining({ email })]);
    const expires = new Date(listed.invites[0].expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(47.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(48 * 3600_000);
    // Delivered: the outbox keeps no copy of the link.
    const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "invite"));
    expect(rows.every((r) => r.state === "sent" && r.message === null)).toBe(true);

    const accepted = await accept(link);
    expect(accepted.statusCode).toBe(200);
    expect([accepted.headers["set-cookie"]].flat()[0]).toMatch(
      /^admin_auth=[^;]+;.*HttpOnly.*SameSite=Strict/,
    );
    const profile = await call("GET", "/api/admin/profile", undefined, accepted.json().auth);
    expect(profile.json().data.email).toBe(email);

    const again = await accept(link, "another-password-2");
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.inviteInvalid);
    const after = (await call("GET", "/api/admin/staff")).json().data;
    expect(after.invites).toEqual([]);
    const colleague = after.accounts.find((a: { email: string }) => a.email === email);
    expect(colleague.lastSignInAt).not.toBeNull();
    // The colleague signs in with their own password like anyone else.
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses an expired link, and a newer invitation replaces an older one", async () => {
    const email = "late@example.co.uk";
    const first = await invitedToken(email);
    const second = await invitedToken(email);
    expect((await accept(first)).statusCode).toBe(404);
    await app.db
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvites.email, email));
    const res = await accept(second);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STAFF_MESSAGES.inviteInvalid);
    const accounts = (await call("GET", "/api/admin/staff")).json().data.accounts;
    expect(accounts.map((a: { email: string }) => a.email)).not.toContain(email);
  });

  it("refuses a bad address, an existing account and a short password with 4xx, changing nothing", async () => {
    expect((await invite("not an address")).json()).toEqual({
      status: "Error",
      message: STAFF_MESSAGES.invalidEmail,
    });
    const taken = await invite(ADMIN.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.exists);
    const link = await invitedToken("short@example.co.uk");
    expect((await accept(link, "short")).statusCode).toBe(400);
    expect((await accept(link)).statusCode).toBe(200);
    expect((await accept("A".repeat(43))).statusCode).toBe(404);
  });

  it("removes an account: its sessions end at once; never one's own", async () => {
    const link = await invitedToken("leaving@example.co.uk");
    const theirs = (await accept(link)).json().auth;
    const { accounts } = (await call("GET", "/api/admin/staff")).json().data;
    const leaving = accounts.find((a: { email: string }) => a.email === "leaving@example.co.uk");
    const me = accounts.find((a: { email: string }) => a.email === ADMIN.email);

    const self = await call("DELETE", `/api/admin/staff/${me.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.removeSelf);

    expect((await call("GET", "/api/admin/profile", undefined, theirs)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/staff/${leaving.id}`)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/profile", undefined, theirs)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/admin/staff/${leaving.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/admin/staff/nope")).statusCode).toBe(404);
  });

  it("two colleagues removing each other at once leave one account, never none", async () => {
    // Only these two remain.
    const { accounts } = (await call("GET", "/api/admin/staff")).json().data;
    const link = await invitedToken("pair@example.co.uk", "owner");
    const pairToken = (await accept(link)).json().auth;
    const me = accounts.find((a: { email: string }) => a.email === ADMIN.email);
    for (const other of accounts.filter((a: { id: string }) => a.id !== me.id))
      expect((await call("DELETE", `/api/admin/staff/${other.id}`)).statusCode).toBe(200);
    const pair = (await call("GET", "/api/admin/staff"))
      .json()
      .data.accounts.find((a: { email: string }) => a.email === "pair@example.co.uk");

    const results = await Promise.all([
      call("DELETE", `/api/admin/staff/${pair.id}`),
      call("DELETE", `/api/admin/staff/${me.id}`, undefined, pairToken),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const left = await app.services.accounts.list();
    expect(left).toHaveLength(1);
    // The one left cannot remove itself: an account always remains.
    const last = left[0];
    await expect(app.services.staff.remove(last.id, last)).rejects.toThrow(STAFF_MESSAGES.removeSelf);
  });
});
