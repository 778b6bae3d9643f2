import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/admin-messages";
import { adminPasskeys, adminRecoveryCodes, admins, adminTwoFactor, auditEvents } from "../../db/schema";
import { TEST_DATABASES, testDatabases } from "../../test/harness";
import { createAccountService } from "./accounts";
import { createSecurityMail } from "./security-mail";
import { createSessionService } from "./sessions";

const open = testDatabases();

describe.each(TEST_DATABASES)("an operator's reset of a lost second factor on %s", (kind) => {
  it("removes the account's two-factor sign-in, recovery codes and passkeys, signs it out, and says so in the audit log", async () => {
    const { db } = await open(kind);
    const sessions = createSessionService(db);
    const mail = createSecurityMail({ siteUrl: "http://localhost", wakeMail: () => {} });
    const accounts = createAccountService(db, sessions, mail);
    const lost = await accounts.create("lost@example.co.uk", "lost-password-123");
    const other = await accounts.create("other@example.co.uk", "other-password-123");
    for (const account of [lost, other]) {
      await db
        .insert(adminTwoFactor)
        .values({ adminId: account.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
      await db
        .insert(adminRecoveryCodes)
        .values({ adminId: account.id, codeHash: account.id.replace(/-/g, "").padEnd(64, "0") });
      await db.insert(adminPasskeys).values({
        adminId: account.id,
        credentialId: `cred-${account.id}`,
        publicKey: Buffer.from([1, 2, 3]),
        counter: 0,
        transports: [],
        name: "Phone",
      });
    }
    const [{ passwordHash }] = await db
      .select({ passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.id, lost.id));
    const session = await sessions.create(lost.id, passwordHash);
    expect(await sessions.verify(session?.token)).toBeDefined();

    await accounts.resetStrongSignIn("Lost@Example.co.uk", "npm run admin");

    const left = async (
      table: typeof adminTwoFactor | typeof adminRecoveryCodes | typeof adminPasskeys,
      id: string,
    ) => (await db.select().from(table).where(eq(table.adminId, id))).length;
    for (const table of [adminTwoFactor, adminRecoveryCodes, adminPasskeys]) {
      expect(await left(table, lost.id)).toBe(0);
      expect(await left(table, other.id)).toBe(1);
    }
    expect(await sessions.verify(session?.token)).toBeUndefined();
    const [record] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, lost.id));
    expect(record).toMatchObject({
      action: "two_factor_disabled",
      actorEmail: "npm run admin",
      targetLabel: lost.email,
    });

    await expect(accounts.resetStrongSignIn("nobody@example.co.uk", "npm run admin")).rejects.toThrow(
      ACCOUNT_MESSAGES.noSuchAccount("nobody@example.co.uk"),
    );
  });
});
