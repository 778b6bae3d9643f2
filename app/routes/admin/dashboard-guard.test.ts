import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { signIn } from "../../../server/test/content";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import routes from "../../routes";
import { action as dashboardAction, loader as dashboardLoader } from "./dashboard";

const DASHBOARD = "http://localhost/admin/dashboard";
const SOME_ID = "00000000-0000-4000-8000-000000000000";

type Loader = (args: unknown) => Promise<unknown>;

/** The dashboard's layout and every screen under it, from app/routes.ts (a new screen is tried too). */
const dashboard = (routes as RouteConfigEntry[]).find((entry) => entry.path === "admin/dashboard");
const screens = [
  { path: "", file: "routes/admin/dashboard.tsx" },
  ...(dashboard?.children ?? []).map((child) => ({ path: child.path ?? "", file: child.file })),
];

/** The route modules beside this file, by their file as app/routes.ts names it. */
const modules = import.meta.glob<{ loader?: Loader }>("./*.tsx");
const moduleOf = (file: string) => modules[file.replace(/^routes\/admin\//, "./")];

/** A screen's loader as React Router calls it for a document request with `cookie`. */
async function loadScreen(screen: (typeof screens)[number], context: AppLoadContext, cookie?: string) {
  const load = moduleOf(screen.file);
  if (!load) throw new Error(`${screen.file} is not a module of app/routes/admin`);
  const module = await load();
  if (!module.loader) throw new Error(`${screen.file} has no loader`);
  const path = screen.path.replace(/:[A-Za-z]+/g, SOME_ID).replace("*", "no-such-screen");
  const request = new Request(`${DASHBOARD}/${path}`, { headers: cookie ? { cookie } : {} });
  return module.loader({ request, context, params: {}, unstable_pattern: "" }).catch((thrown) => thrown);
}

/** The login screen's redirect, as requireAdmin throws it. */
function expectToLogin(answer: unknown, what: string) {
  expect(answer, what).toBeInstanceOf(Response);
  expect((answer as Response).status, what).toBe(302);
  expect((answer as Response).headers.get("location"), what).toBe("/admin");
}

/**
 * The dashboard's guard (requireAdmin in every screen's loader, admin-session.server.ts): without
 * a live session each /admin/dashboard/* screen answers the login screen's redirect, never its
 * data. The browser test (tests/e2e/admin-sign-in.test.ts) shows what a visitor then sees.
 */
describe.each(TEST_DATABASES)("the dashboard's guard on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    context = loadContext(app.services, { nonce: "", ip: "127.0.0.1" });
  });
  afterAll(() => app?.close());

  it("every screen knows the route table's dashboard", () => {
    expect(dashboard).toBeDefined();
    expect(screens.length).toBeGreaterThan(20);
    expect(screens.map((screen) => screen.file)).toEqual(
      expect.arrayContaining([
        "routes/admin/orders.tsx",
        "routes/admin/popup-list.tsx",
        "routes/admin/popup-create.tsx",
        "routes/admin/blog-list.tsx",
        "routes/admin/enquiries.tsx",
        "routes/admin/account.tsx",
      ]),
    );
  });

  it("a live session opens the dashboard", async () => {
    const cookie = `${ADMIN_AUTH_COOKIE}=${await signIn(app)}`;
    const answer = await dashboardLoader({
      request: new Request(DASHBOARD, { headers: { cookie } }),
      context,
      params: {},
    } as never);
    expect(answer).toMatchObject({ role: "owner" });
  });

  it("without a cookie, with a forged one, and with one 'Log out' ended, no screen loads", async () => {
    // 'Log out' is the dashboard's action: it revokes the session and clears the cookie.
    const ended = `${ADMIN_AUTH_COOKIE}=${await signIn(app)}`;
    const out = await dashboardAction({
      request: new Request(DASHBOARD, { method: "POST", headers: { cookie: ended } }),
      context,
      params: {},
    } as never).catch((thrown: unknown) => thrown);
    expectToLogin(out, "Log out");
    expect((out as Response).headers.get("set-cookie")).toMatch(new RegExp(`^${ADMIN_AUTH_COOKIE}=;`));
    const cookies = {
      none: undefined,
      forged: `${ADMIN_AUTH_COOKIE}=${"A".repeat(43)}`,
      "ended by Log out": ended,
    };
    for (const screen of screens)
      for (const [name, cookie] of Object.entries(cookies))
        expectToLogin(await loadScreen(screen, context, cookie), `${screen.file} (${screen.path}), ${name}`);
  });
});
