import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AUDIT_MESSAGES } from "../../common/audit";
import { ROLE_MESSAGES } from "../../common/staff/roles";
import { adminInvites, auditEvents } from "../db/schema";
import { ADMIN, bearer, postBody } from "../test/content";
import { VALID_CONTACT, withFormToken } from "../test/enquiry-fixtures";
import { TEST_DATABASES } from "../test/harness";
import { signedInApp, signInAs } from "../test/signed-in";

const LEAD = VALID_CONTACT;

describe.each(TEST_DATABASES)("the audit log on %s", (kind) => {
  const api = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "1000" });

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    token = api.token,
  ) => api.app.inject({ method, url, headers: bearer(token), payload });
  const log = async (query = "") => {
    const res = await call("GET", `/api/admin/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      status: string;
      events: Array<Record<string, string | null>>;
      next: string | null;
    };
  };
  const latest = async (action: string) => (await log(`?action=${action}`)).events[0];

  it("records sign-ins with the client's address, and failed attempts", async () => {
    const signedIn = await latest("sign_in");
    expect(signedIn).toMatchObject({ action: "sign_in", actorEmail: ADMIN.email });
    expect(signedIn.ip).toBeTruthy();
    const failed = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: ADMIN.email, password: "not-the-password" },
    });
    expect(failed.statusCode).toBe(400);
    expect(await latest("sign_in_failed")).toMatchObject({ actorEmail: null, targetLabel: ADMIN.email });
  });

  it("records staff changes, sessions ended, password changes and sign-out, naming the actor", async () => {
    const owner = (await api.app.services.accounts.findByEmail(ADMIN.email))!;
    const invited = await call("POST", "/api/admin/staff/invites", {
      email: "audit-new@example.co.uk",
      role: "desk",
    });
    expect(invited.statusCode).toBe(201);
    expect(await latest("invited")).toMatchObject({
      actorId: owner.id,
      actorEmail: ADMIN.email,
      targetLabel: "audit-new@example.co.uk (desk)",
    });
    const withdrawn = await call("DELETE", `/api/admin/staff/invites/${invited.json().data.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(await latest("invite_withdrawn")).toMatchObject({
      actorEmail: ADMIN.email,
      targetLabel: "audit-new@example.co.uk",
    });

    // An invitation accepted: the new colleague is the actor.
    const token = randomBytes(32).toString("base64url");
    await api.app.db.insert(adminInvites).values({
      email: "audit-joined@example.co.uk",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 3_600_000),
      role: "editor",
    });
    const accepted = await api.app.inject({
      method: "POST",
      url: `/api/admin/invites/${token}`,
      payload: { password: "joined-password-123" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await latest("invite_accepted")).toMatchObject({ actorEmail: "audit-joined@example.co.uk" });

    const desk = await signInAs(api.app, "desk", "audit-desk@example.co.uk");
    const deskId = (await api.app.services.accounts.findByEmail("audit-desk@example.co.uk"))!.id;
    expect((await call("PUT", `/api/admin/staff/${deskId}/role`, { role: "editor" })).statusCode).toBe(200);
    expect(await latest("role_changed")).toMatchObject({
      actorEmail: ADMIN.email,
      targetId: deskId,
      targetLabel: "audit-desk@example.co.uk → editor",
    });
    expect((await call("DELETE", `/api/admin/staff/${deskId}/sessions`)).statusCode).toBe(200);
    expect(await latest("sessions_ended")).toMatchObject({
      actorEmail: ADMIN.email,
      targetLabel: "audit-desk@example.co.uk",
    });
    expect((await call("GET", "/api/admin/profile", undefined, desk)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/admin/staff/${deskId}`)).statusCode).toBe(200);
    // Removed: the entry still names them by the copy it kept.
    expect(await latest("staff_removed")).toMatchObject({
      actorEmail: ADMIN.email,
      targetLabel: "audit-desk@example.co.uk",
    });
    expect((await log("?person=audit-desk@example.co.uk&action=sign_in")).events).toHaveLength(1);

    // A colleague's own password change and sign-out.
    const editor = await signInAs(api.app, "editor", "audit-editor@example.co.uk");
    const changed = await call(
      "PUT",
      "/api/admin/password",
      {
        currentPassword: "editor-password-123",
        newPassword: "editor-password-456",
        confirmPassword: "editor-password-456",
      },
      editor,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await latest("password_changed")).toMatchObject({ actorEmail: "audit-editor@example.co.uk" });
    expect((await call("POST", "/api/admin/logout", undefined, editor)).statusCode).toBeLessThan(300);
    expect(await latest("sign_out")).toMatchObject({ actorEmail: "audit-editor@example.co.uk" });
  });

  it("records publishing, unpublishing and deleting a post, popup and spam settings changes", async () => {
    const made = await call("POST", "/api/admin", { ...postBody(), state: "published" });
    expect(made.statusCode, made.body).toBe(201);
    const post = made.json().result;
    expect(await latest("post_published")).toMatchObject({
      actorEmail: ADMIN.email,
      targetId: post._id,
      targetLabel: post.title,
    });
    expect((await call("POST", `/api/admin/${post._id}/unpublish`)).statusCode).toBe(200);
    expect(await latest("post_unpublished")).toMatchObject({ targetId: post._id, targetLabel: post.title });
    expect((await call("DELETE", `/api/admin/${post._id}`)).statusCode).toBe(200);
    expect(await latest("post_deleted")).toMatchObject({ targetId: post._id, targetLabel: post.title });

    const popup = await call("POST", "/api/admin/popup-message", { title: "Audit popup", content: "Hello" });
    expect(popup.statusCode, popup.body).toBe(201);
    expect(
      (await call("PUT", `/api/admin/activate-popup/${popup.json().data._id ?? popup.json().data.id}`))
        .statusCode,
    ).toBe(200);
    const popups = (await log("?action=popup_changed")).events.map((e) => e.targetLabel);
    expect(popups.slice(0, 2)).toEqual(["Audit popup (activated)", "Audit popup (created)"]);

    expect((await call("PUT", "/api/admin/spam", { words: ["casino"], domains: [] })).statusCode).toBe(200);
    expect(await latest("spam_settings_changed")).toMatchObject({
      actorEmail: ADMIN.email,
      targetLabel: AUDIT_MESSAGES.spamLists(1, 0),
    });
  });

  it("records exports and erasures by enquiry ids and counts: no lead's details in any row", async () => {
    const sent = await api.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: await withFormToken(api.app, LEAD),
    });
    expect(sent.statusCode).toBeLessThan(300);
    const csv = await call("GET", "/api/admin/enquiries/export.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(LEAD.email);
    const exported = await latest("enquiries_exported");
    expect(exported).toMatchObject({ actorEmail: ADMIN.email });
    expect(exported.targetLabel).toMatch(/^\d+ enquir/);

    const owner = (await api.app.services.accounts.findByEmail(ADMIN.email))!;
    const actor = { id: owner.id, email: owner.email, role: owner.role };
    const found = await api.app.services.privacy.exportJson(LEAD.email, actor);
    expect(found).toHaveLength(1);
    await api.app.services.privacy.exportCsv(LEAD.email, actor);
    expect(await latest("privacy_exported")).toMatchObject({
      actorEmail: ADMIN.email,
      targetId: found[0]._id,
      targetLabel: AUDIT_MESSAGES.enquiryCount(1),
    });
    expect(await api.app.services.privacy.erase(LEAD.email, actor)).toBe(1);
    expect(await latest("privacy_erased")).toMatchObject({
      targetId: found[0]._id,
      targetLabel: AUDIT_MESSAGES.enquiryCount(1),
    });

    const rows = JSON.stringify(await api.app.db.select().from(auditEvents)).toLowerCase();
    for (const value of [LEAD.email, LEAD.name, LEAD.phone, LEAD.message])
      if (value) expect(rows).not.toContain(String(value).toLowerCase());
  });

  it("filters by action, person and dates, newest first, in keyset pages", async () => {
    const all = await log("?limit=200");
    const times = all.events.map((e) => e.at as string);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await log("?limit=2");
    expect(first.events).toHaveLength(2);
    expect(first.next).toBeTruthy();
    const second = await log(`?limit=2&before=${encodeURIComponent(first.next!)}`);
    expect(second.events[0].id).toBe(all.events[2].id);
    const mine = await log(`?person=${encodeURIComponent(ADMIN.email.toUpperCase())}&action=sign_in`);
    expect(mine.events.length).toBeGreaterThan(0);
    expect(mine.events.every((e) => e.actorEmail === ADMIN.email && e.action === "sign_in")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).events.length).toBeGreaterThan(0);
    expect((await log("?to=2000-01-01")).events).toEqual([]);
    expect((await log("?from=2999-01-01")).events).toEqual([]);
    expect((await call("GET", "/api/admin/audit?action=nothing")).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/audit?from=yesterday")).statusCode).toBe(400);
  });

  it("is the Owner's only: Desk and Editor get 403 from the API and the screen", async () => {
    for (const role of ["desk", "editor"] as const) {
      const token = await signInAs(api.app, role, `audit-${role}-reader@example.co.uk`);
      const res = await call("GET", "/api/admin/audit", undefined, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: "Error", message: ROLE_MESSAGES.forbidden("security") });
      expect(res.body).not.toContain(ADMIN.email);
    }
  });

  it("prunes entries past the retention", async () => {
    const old = new Date(Date.now() - 25 * 31 * 24 * 3600_000);
    await api.app.services.audit.record({
      action: "sign_out",
      actor: { id: null, email: "old@example.co.uk" },
      at: old,
    });
    expect(await api.app.services.audit.prune()).toBeGreaterThanOrEqual(1);
    expect((await log("?person=old@example.co.uk")).events).toEqual([]);
  });
});
