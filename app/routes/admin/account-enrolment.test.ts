import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { TWO_FACTOR_MESSAGES } from "@common/staff/two-factor";
import type { FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContext } from "../../../server/pages/load-context";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import { requireTwoFactor } from "../../../server/test/two-factor";
import { action as accountAction, loader as accountLoader } from "./account";
import { loader as auditLoader } from "./audit";
import { action as staffAction } from "./staff";

const ACCOUNT = "http://localhost/admin/dashboard/account";

/** What React Router throws or returns: a Response, or data() with its init. */
const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } } | null)?.init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as { data?: unknown } | null)?.data;

async function settle(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}

describe.each(TEST_DATABASES)("the screens while the Owner requires two-factor sign-in, on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  let cookie: string;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    context = loadContext(app.services, { nonce: "", ip: "127.0.0.1" });
    // An Owner with a password only; the requirement is on (as another Owner turned it on).
    const email = "screen-owner@example.co.uk";
    const password = "screen-owner-password";
    await app.services.accounts.create(email, password, "owner");
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
    cookie = `${ADMIN_AUTH_COOKIE}=${login.json().auth}`;
    await requireTwoFactor(app);
  });
  afterAll(() => app?.close());

  const post = (url: string, fields: Record<string, string>) =>
    new Request(url, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
  const args = (request: Request) => ({ request, context, params: {}, unstable_pattern: "" }) as never;

  it("refuses the Account page's security setting: the requirement stays on", async () => {
    const refused = await settle(() =>
      accountAction(args(post(ACCOUNT, { intent: "security-save" /* requireTwoFactor unticked: off */ }))),
    );
    expect(statusOf(refused)).toBe(403);
    expect(bodyOf(refused)).toBe(TWO_FACTOR_MESSAGES.enrolmentDue);
    expect(await app.services.twoFactor.settings()).toEqual({ requireTwoFactor: true });
  });

  it("refuses the Account page's other writes (password, sessions, passkey removal) and other pages' writes", async () => {
    const writes: Array<Record<string, string>> = [
      {
        currentPassword: "screen-owner-password",
        newPassword: "a-new-password-1",
        confirmPassword: "a-new-password-1",
      },
      { intent: "end-others" },
      { intent: "two-factor-recovery" },
      { intent: "passkey-remove", id: "00000000-0000-4000-8000-000000000000" },
      { intent: "profile" },
    ];
    for (const fields of writes) {
      const refused = await settle(() => accountAction(args(post(ACCOUNT, fields))));
      expect(statusOf(refused), JSON.stringify(fields)).toBe(403);
    }
    const staff = await settle(() =>
      staffAction(args(post("http://localhost/admin/dashboard/staff", { intent: "invite" }))),
    );
    expect(statusOf(staff)).toBe(403);
    // Opening another page leads to enrolment.
    const audit = await settle(() =>
      auditLoader(args(new Request("http://localhost/admin/dashboard/audit", { headers: { cookie } }))),
    );
    expect(statusOf(audit)).toBe(302);
    expect((audit as Response).headers.get("location")).toBe("/admin/dashboard/account");
  });

  it("lets the enrolment steps through, and the screen reads only what enrolment needs", async () => {
    // Sudo mode's: the session alone is refused; the password in the form confirms it there and then.
    const bare = await settle(() => accountAction(args(post(ACCOUNT, { intent: "two-factor-start" }))));
    expect(statusOf(bare)).toBe(403);
    expect(bodyOf(bare)).toMatchObject({ ok: false, sudo: true, section: "two-factor" });
    const started = await settle(() =>
      accountAction(args(post(ACCOUNT, { intent: "two-factor-start", password: "screen-owner-password" }))),
    );
    expect(statusOf(started)).toBe(200);
    expect(started).toMatchObject({ ok: true, enrolment: { secret: expect.any(String) } });
    const screen = await accountLoader(args(new Request(ACCOUNT, { headers: { cookie } })));
    expect(screen).toMatchObject({ twoFactor: { enrolmentDue: true }, sessions: [], security: null });
  });
});
