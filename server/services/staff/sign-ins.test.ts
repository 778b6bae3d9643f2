import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../common/admin-messages";
import { Invalid } from "../../../common/errors";
import type { DatabaseHandle } from "../../db/client";
import { openTestDatabase, TEST_DATABASES } from "../../test/harness";
import { type AccountService, createAccountService } from "./accounts";
import { createKnownBrowsers } from "./browsers";
import { memoryCounters } from "./failure-counters";
import { createSecurityMail } from "./security-mail";
import { createSessionService } from "./sessions";
import { createSignInService } from "./sign-ins";

const EMAIL = "office@example.co.uk";
const OLD = "old-password-123";
const NEW = "new-password-456";
const ORIGIN = { ip: "10.0.0.1", userAgent: null };

describe.each(TEST_DATABASES)("a sign-in racing a password change on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("gives no session for the old password once the change is saved", async () => {
    const sessions = createSessionService(database.db);
    const mail = createSecurityMail({ siteUrl: "http://localhost", wakeMail: () => {} });
    const accounts = createAccountService(database.db, sessions, mail);
    const admin = await accounts.create(EMAIL, OLD);
    const keep = await sessions.create(admin.id, (await accounts.findByEmail(EMAIL)).passwordHash);
    // The sign-in reads the account, then the change lands before its password check ends.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowAccounts: AccountService = {
      ...accounts,
      async findByEmail(email) {
        const found = await accounts.findByEmail(email);
        await gate;
        return found;
      },
    };
    const signIns = createSignInService({
      accounts: slowAccounts,
      sessions,
      counters: memoryCounters(),
      browsers: createKnownBrowsers(database.db, { siteUrl: "http://localhost", wakeMail: () => {} }),
    });
    const signIn = signIns.signIn({ email: EMAIL, password: OLD, client: "10.0.0.1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await accounts.changePassword(admin.id, { currentPassword: OLD, newPassword: NEW }, keep?.token, ORIGIN);
    release();
    await expect(signIn).rejects.toThrow(new Invalid(ADMIN_MESSAGES.invalidLogin));
    expect(await sessions.verify(keep?.token)).toMatchObject({ id: admin.id });
    const fresh = await signIns.signIn({ email: EMAIL, password: NEW, client: "10.0.0.1" });
    expect(await sessions.verify("token" in fresh ? fresh.token : undefined)).toMatchObject({ id: admin.id });
  });

  it("ends a session made with the old password just before the change", async () => {
    const sessions = createSessionService(database.db);
    const mail = createSecurityMail({ siteUrl: "http://localhost", wakeMail: () => {} });
    const accounts = createAccountService(database.db, sessions, mail);
    const admin = await accounts.create(`second-${EMAIL}`, OLD);
    const before = await sessions.create(
      admin.id,
      (await accounts.findByEmail(`second-${EMAIL}`)).passwordHash,
    );
    await accounts.changePassword(admin.id, { currentPassword: OLD, newPassword: NEW }, undefined, ORIGIN);
    expect(await sessions.verify(before?.token)).toBeUndefined();
  });
});
