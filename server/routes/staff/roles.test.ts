import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "../../../common/admin-messages";
import { can, type Permission, ROLE_MESSAGES, ROLES, type Role } from "../../../common/staff/roles";
import { adminRouteGuard } from "../../plugins/sign-in-guard";
import { guardedAdminRoutes, tryRoute } from "../../test/admin-routes";
import { bearer } from "../../test/content";
import { VALID_CONTACT, withFormToken } from "../../test/enquiry-fixtures";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp, signInAs } from "../../test/signed-in";
import { confirmSudo } from "../../test/sudo";

const ENQUIRY = VALID_CONTACT;

describe.each(TEST_DATABASES)("staff roles on %s", (kind) => {
  const api = signedInApp(kind, { ENQUIRY_RATE_LIMIT: "1000" });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(token), payload });

  it.each(ROLES)(
    "every registered admin route answers a %s by its permission: 403, never the data",
    async (role) => {
      const routes = guardedAdminRoutes(api.app);
      expect(routes.length).toBeGreaterThan(25);
      // Signing out ends the session the other routes use: it goes last.
      routes.sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
      const token = await signInAs(api.app, role);
      // Sudo mode's 403 (sudo.test.ts) is not the role's: the password confirmed first.
      await confirmSudo(api.app, token, `${role}-password-123`);
      for (const route of routes) {
        const res = await tryRoute(api.app, route, bearer(token));
        const label = `${role} ${route.method} ${route.url}`;
        if (route.need === "anyRole" || can(role, route.need as Permission)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toEqual({
            status: "Error",
            message: ROLE_MESSAGES.forbidden(route.need as Permission),
          });
        }
      }
    },
  );

  it("an Editor reaches the blog and popups and no lead by any API door; a Desk reads leads but not Staff", async () => {
    const payload = await withFormToken(api.app, ENQUIRY);
    const submitted = await api.app.inject({ method: "POST", url: "/api/contact", payload });
    expect(submitted.statusCode).toBeLessThan(300);
    const editor = await signInAs(api.app, "editor");
    const desk = await signInAs(api.app, "desk");
    for (const url of ["/api/admin/enquiries", "/api/admin/enquiries/export.csv", "/api/admin/staff"]) {
      const res = await call("GET", url, editor);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain(ENQUIRY.email);
    }
    expect((await call("GET", "/api/admin/blog", editor)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/popups", editor)).statusCode).toBe(200);
    const leads = await call("GET", "/api/admin/enquiries", desk);
    expect(leads.statusCode).toBe(200);
    expect(leads.body).toContain(ENQUIRY.email);
    expect((await call("GET", "/api/admin/enquiries/export.csv", desk)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/staff", desk)).statusCode).toBe(403);
    expect(
      (await call("POST", "/api/admin/staff/invites", desk, { email: "x@example.co.uk" })).statusCode,
    ).toBe(403);
    expect((await call("GET", "/api/admin/blog", desk)).statusCode).toBe(403);
  });

  it("every role manages its own passkeys: list, registration options, and no one else's", async () => {
    for (const role of ROLES) {
      const token = await signInAs(api.app, role, `passkeys-${role}@example.co.uk`);
      await confirmSudo(api.app, token, `${role}-password-123`); // adding and removing are sudo mode's
      const listed = await call("GET", "/api/admin/passkeys", token);
      expect(listed.statusCode, role).toBe(200);
      expect(listed.json().data, role).toEqual([]);
      expect((await call("POST", "/api/admin/passkeys/options", token)).statusCode, role).toBe(200);
      const other = await call("DELETE", "/api/admin/passkeys/00000000-0000-4000-8000-000000000000", token);
      expect(other.statusCode, role).toBe(404);
    }
  });

  it("a role change holds from the colleague's next request", async () => {
    const token = await signInAs(api.app, "desk", "mover@example.co.uk");
    const { id } = await api.app.services.accounts.findByEmail("mover@example.co.uk");
    expect((await call("GET", "/api/admin/enquiries", token)).statusCode).toBe(200);

    const changed = await call("PUT", `/api/admin/staff/${id}/role`, api.token, { role: "editor" });
    expect(changed.json()).toEqual({ status: "Ok", data: { email: "mover@example.co.uk", role: "editor" } });
    expect((await call("GET", "/api/admin/enquiries", token)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/blog", token)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/profile", token)).json().data.role).toBe("editor");

    const staff = (await call("GET", "/api/admin/staff", api.token)).json().data.accounts;
    expect(staff.find((a: { id: string }) => a.id === id).role).toBe("editor");
  });

  it("refuses a role change by a non-Owner, of one's own role, to an unknown role, and of nobody", async () => {
    const desk = await signInAs(api.app, "desk");
    const { id: deskId } = await api.app.services.accounts.findByEmail("staff-desk@example.co.uk");
    const { id: ownerId } = await api.app.services.accounts.findByEmail("editor@example.co.uk");
    const self = await call("PUT", `/api/admin/staff/${ownerId}/role`, api.token, { role: "desk" });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ROLE_MESSAGES.ownRole);
    const byDesk = await call("PUT", `/api/admin/staff/${ownerId}/role`, desk, { role: "editor" });
    expect(byDesk.statusCode).toBe(403);
    const unknown = await call("PUT", `/api/admin/staff/${deskId}/role`, api.token, { role: "admin" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ROLE_MESSAGES.invalidRole);
    const nobody = await call(
      "PUT",
      "/api/admin/staff/00000000-0000-4000-8000-000000000000/role",
      api.token,
      { role: "desk" },
    );
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(STAFF_MESSAGES.notFound);
    // Nothing changed.
    expect((await api.app.services.accounts.findByEmail("editor@example.co.uk")).role).toBe("owner");
    expect((await api.app.services.accounts.findByEmail("staff-desk@example.co.uk")).role).toBe("desk");
  });

  it("two Owners demoting each other at once leave one Owner", async () => {
    const other = await signInAs(api.app, "owner", "second-owner@example.co.uk");
    const { id: otherId } = await api.app.services.accounts.findByEmail("second-owner@example.co.uk");
    const { id: meId } = await api.app.services.accounts.findByEmail("editor@example.co.uk");
    const results = await Promise.all([
      call("PUT", `/api/admin/staff/${otherId}/role`, api.token, { role: "desk" }),
      call("PUT", `/api/admin/staff/${meId}/role`, other, { role: "desk" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const owners = (await api.app.services.accounts.list()).filter(
      (a) => a.role === "owner" && (a.id === meId || a.id === otherId),
    );
    expect(owners).toHaveLength(1);
    // Whoever is left an Owner restores the other.
    const ownerToken = owners[0].id === meId ? api.token : other;
    const demoted = owners[0].id === meId ? otherId : meId;
    expect(
      (await call("PUT", `/api/admin/staff/${demoted}/role`, ownerToken, { role: "owner" })).statusCode,
    ).toBe(200);
  });

  it("an invitation names the role the colleague's account gets; left out, Editor", async () => {
    for (const [email, role] of [
      ["invited-desk@example.co.uk", "desk"],
      ["invited-default@example.co.uk", undefined],
    ] as Array<[string, Role | undefined]>) {
      const res = await call("POST", "/api/admin/staff/invites", api.token, { email, role });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.role).toBe(role ?? "editor");
    }
    const bad = await call("POST", "/api/admin/staff/invites", api.token, {
      email: "z@example.co.uk",
      role: "root",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ROLE_MESSAGES.invalidRole);
  });
});

describe("the admin API's guard", () => {
  it("refuses to start with an /api/admin route that names no permission", async () => {
    const app = Fastify();
    app.decorate("adminRoutes", []);
    app.addHook("onRoute", adminRouteGuard(app.adminRoutes));
    expect(() => app.get("/api/admin/forgotten", async () => "the lead book")).toThrow(/names no permission/);
    await app.close();
  });

  it("gives every role its permissions from one table", () => {
    const table = Object.fromEntries(ROLES.map((role) => [role, can(role, "enquiries")]));
    expect(table).toEqual({ owner: true, desk: true, editor: false });
    expect(can("editor", "blog")).toBe(true);
    expect(can("desk", "staff")).toBe(false);
    expect(can("nobody", "blog")).toBe(false);
  });
});
