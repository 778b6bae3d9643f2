import { createHash, randomBytes } from "node:crypto";
import { COMPANY } from "../../../common/company";
import { describeDevice } from "../../../common/staff/device";
import { newBrowserMail } from "../../../common/staff/sessions";
import type { Database } from "../../db/client";
import { adminBrowsers, mailOutbox } from "../../db/schema";

const BROWSER_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashBrowser = (browser: string) => createHash("sha256").update(browser).digest("hex");

/**
 * The browsers each account has signed in from. The browser keeps a random id in a long-lived
 * cookie (common/staff/admin-cookie.ts); only its SHA-256 is stored. A sign-in from a browser the
 * account has not used before mails the account (through the outbox, in the same transaction as
 * the record) with the time and the device, so a stolen password does not go unnoticed.
 */
export function createKnownBrowsers(db: Database, deps: { siteUrl: string; wakeMail(): void }) {
  /**
   * Records that `adminId` (whose address is `email`) signed in from `browser` (the cookie's
   * value; a missing or garbled one gets a new id) and answers the id the browser keeps. `mail`:
   * whether a browser new to the account mails it (not for the invitation's own sign-in).
   */
  async function remember(input: {
    adminId: string;
    email: string;
    browser?: string;
    userAgent?: string | null;
    mail: boolean;
  }): Promise<string> {
    const browser =
      input.browser && BROWSER_SHAPE.test(input.browser)
        ? input.browser
        : randomBytes(32).toString("base64url");
    const mailed = await db.transaction(async (tx) => {
      const added = await tx
        .insert(adminBrowsers)
        .values({ adminId: input.adminId, browserHash: hashBrowser(browser) })
        .onConflictDoNothing()
        .returning({ at: adminBrowsers.firstSeenAt });
      if (added.length === 0 || !input.mail) return false;
      const message = newBrowserMail({
        device: describeDevice(input.userAgent),
        at: added[0].at,
        site: COMPANY.name,
        accountUrl: `${deps.siteUrl}/admin/dashboard/account`,
      });
      await tx.insert(mailOutbox).values({ kind: "new-browser", message: { to: input.email, ...message } });
      return true;
    });
    if (mailed) deps.wakeMail();
    return browser;
  }

  return { remember };
}

export type KnownBrowsers = ReturnType<typeof createKnownBrowsers>;
