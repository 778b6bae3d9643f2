import { AUDIT_MESSAGES } from "@common/audit";
import { ADMIN_AUTH_COOKIE } from "@common/staff/admin-cookie";
import { SUDO_MESSAGES } from "@common/staff/sudo";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../../server/db/schema";
import { loadContext } from "../../../server/pages/load-context";
import { RECOVERY_CODE_COUNT } from "../../../server/services/staff/two-factor";
import { buildTestApp, TEST_DATABASES } from "../../../server/test/harness";
import { expireSudo } from "../../../server/test/sudo";
import { requireTwoFactor } from "../../../server/test/two-factor";
import { action as accountAction } from "./account";

const ACCOUNT = "http://localhost/admin/dashboard/account";

/** What React Router returns: data() with its init, or the plain answer (200). */
const statusOf = (answer: unknown) => (answer as { init?: { status?: number } } | null)?.init?.status ?? 200;
const bodyOf = (answer: unknown) => (answer as { data?: unknown }).data ?? answer;

describe.each(TEST_DATABASES)("'Account' in sudo mode, on %s", (kind) => {
  let app: FastifyInstance;
  let context: AppLoadContext;
  let made = 0;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    context = loadContext(app.services, { nonce: "", ip: "127.0.0.1" });
  });
  afterAll(() => app?.close());

  /** An account of `role` signed in: its session cookie and token. */
  async function signedIn(role: "owner" | "desk") {
    const email = `account-sudo-${++made}@example.co.uk`;
    const password = "account-sudo-password";
    await app.services.accounts.create(email, password, role);
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
    const token = login.json().auth as string;
    const cookie = `${ADMIN_AUTH_COOKIE}=${token}`;
    const act = (fields: Record<string, string>) =>
      accountAction({
        request: new Request(ACCOUNT, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
        unstable_pattern: "",
      } as never);
    return { email, password, token, act };
  }

  it("asks for the password (sudo: true) before the security setting, then lets it through and records which way it went", async () => {
    const owner = await signedIn("owner");
    const refused = await owner.act({ intent: "security-save", requireTwoFactor: "on" });
    expect(statusOf(refused)).toBe(403);
    expect(bodyOf(refused)).toEqual({ ok: false, error: SUDO_MESSAGES.required, sudo: true });
    expect(await app.services.twoFactor.settings()).toEqual({ requireTwoFactor: false });

    const wrong = await owner.act({ intent: "sudo-confirm", password: "not-it" });
    expect(statusOf(wrong)).toBe(400);
    expect(bodyOf(wrong)).toMatchObject({ ok: false, error: SUDO_MESSAGES.wrong });
    const missing = await owner.act({ intent: "sudo-confirm" });
    expect(bodyOf(missing)).toMatchObject({ ok: false, error: SUDO_MESSAGES.missing });
    const confirmed = await owner.act({ intent: "sudo-confirm", password: owner.password });
    expect(bodyOf(confirmed)).toEqual({ ok: true, message: SUDO_MESSAGES.confirmed });

    expect(bodyOf(await owner.act({ intent: "security-save" }))).toMatchObject({ ok: true });
    const entries = await app.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, owner.email));
    expect(entries.map((row) => [row.action, row.targetLabel])).toContainEqual([
      "two_factor_required_changed",
      AUDIT_MESSAGES.requirementOff,
    ]);
    // Passkey options and removal ask in the same way once the confirmation has expired.
    await expireSudo(app, owner.token);
    for (const fields of <Array<Record<string, string>>>[
      { intent: "passkey-options" },
      { intent: "passkey-remove", id: "00000000-0000-4000-8000-000000000000" },
    ])
      expect(bodyOf(await owner.act(fields)), fields.intent).toMatchObject({ ok: false, sudo: true });
  });

  it("shows the recovery codes to a colleague the Owner's requirement sent to enrol; new ones ask first", async () => {
    await requireTwoFactor(app);
    const desk = await signedIn("desk");
    // Setting it up asks for the password once, in its own form (sudo mode).
    const started = bodyOf(await desk.act({ intent: "two-factor-start", password: desk.password })) as {
      enrolment: { secret: string };
    };
    const code = TOTP.generate({ secret: Secret.fromBase32(started.enrolment.secret) });
    const confirmed = await desk.act({ intent: "two-factor-confirm", code });
    expect(statusOf(confirmed)).toBe(200);
    const { recoveryCodes } = bodyOf(confirmed) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    await expireSudo(app, desk.token);

    expect(bodyOf(await desk.act({ intent: "two-factor-recovery" }))).toMatchObject({
      ok: false,
      sudo: true,
    });
    await desk.act({ intent: "sudo-confirm", password: desk.password });
    const fresh = bodyOf(await desk.act({ intent: "two-factor-recovery" })) as { recoveryCodes: string[] };
    expect(fresh.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  });
});
