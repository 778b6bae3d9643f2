import { describe, expect, it } from "vitest";
import { SUDO_MESSAGES } from "../../../common/staff/sudo";
import { TWO_FACTOR_MESSAGES } from "../../../common/staff/two-factor";
import { guardedAdminRoutes, tryRoute } from "../../test/admin-routes";
import { bearer } from "../../test/content";
import { TEST_DATABASES } from "../../test/harness";
import { signedInApp } from "../../test/signed-in";
import { requireTwoFactor } from "../../test/two-factor";

/** The admin API's enrolment steps: what an account the Owner's requirement holds back may call. */
const ENROLMENT_ROUTES = [
  "GET /api/admin/profile",
  "POST /api/admin/logout",
  "GET /api/admin/two-factor",
  "POST /api/admin/two-factor/start",
  "POST /api/admin/two-factor/confirm",
  "GET /api/admin/passkeys",
  "POST /api/admin/passkeys/options",
  "POST /api/admin/passkeys",
  // Adding a passkey asks for the password again (sudo mode).
  "POST /api/admin/sudo",
].sort();

describe.each(TEST_DATABASES)("required two-factor sign-in, every API route, on %s", (kind) => {
  const api = signedInApp(kind);

  /** An Owner with a password only, signed in, after the requirement was turned on. */
  async function heldBackOwner(email: string) {
    const password = "held-back-owner-password";
    const { id } = await api.app.services.accounts.create(email, password, "owner");
    const login = await api.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email, password },
    });
    await requireTwoFactor(api.app);
    expect(await api.app.services.twoFactor.enrolmentDue(id)).toBe(true);
    return login.json().auth as string;
  }

  it("refuses every route but the enrolment steps to an Owner who must enrol", async () => {
    const token = await heldBackOwner("held-back-owner@example.co.uk");
    const routes = guardedAdminRoutes(api.app);
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    expect(
      api.app.adminRoutes
        .filter((route) => route.enrolmentStep)
        .map(key)
        .sort(),
    ).toEqual(ENROLMENT_ROUTES);

    // Sign-out last: it ends the session the others use.
    const ordered = [...routes].sort(
      (a, b) => Number(a.enrolmentStep === "sign-out") - Number(b.enrolmentStep === "sign-out"),
    );
    for (const route of ordered) {
      const res = await tryRoute(api.app, route, bearer(token));
      const refused = res.statusCode === 403 && res.json().message === TWO_FACTOR_MESSAGES.enrolmentDue;
      expect(refused, `${key(route)} answered ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(
        !ENROLMENT_ROUTES.includes(key(route)),
      );
    }
  });

  it("keeps the requirement on when the held-back Owner tries to turn it off, and lets them enrol", async () => {
    const token = await heldBackOwner("held-back-owner-2@example.co.uk");
    const off = await api.app.inject({
      method: "PUT",
      url: "/api/admin/security",
      headers: bearer(token),
      payload: { requireTwoFactor: false },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ status: "Error", message: TWO_FACTOR_MESSAGES.enrolmentDue });
    expect(await api.app.services.twoFactor.settings()).toEqual({ requireTwoFactor: true });
    // Enrolling is sudo mode's too: a session alone is refused, the password with it lets it through.
    const start = (payload?: object) =>
      api.app.inject({ method: "POST", url: "/api/admin/two-factor/start", headers: bearer(token), payload });
    const bare = await start();
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe(SUDO_MESSAGES.required);
    expect((await start({ password: "held-back-owner-password" })).statusCode).toBe(200);
  });
});
