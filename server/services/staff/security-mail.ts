import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { COMPANY } from "../../../common/company";
import { describeDevice } from "../../../common/staff/device";
import { type SecurityChange, securityMail } from "../../../common/staff/security-mail";
import type { Database } from "../../db/client";
import { admins, mailOutbox } from "../../db/schema";

/**
 * Where a change to how an account signs in was made from: the request's client address
 * (`request.ip`, as TRUST_PROXY allows: server/client-address.ts) and its User-Agent. The routes
 * and the screens' actions make it from the request (server/routes/change-origin.ts,
 * app/lib/change-origin.server.ts).
 */
export interface ChangeOrigin {
  ip: string | null | undefined;
  userAgent: string | null | undefined;
}

/** A change an operator made on the server's command line (npm run admin): no browser, no address. */
export const BY_OPERATOR = "operator" as const;
export type Origin = ChangeOrigin | typeof BY_OPERATOR;

/** The writes a queued mail needs: the account's address and the outbox row, in the change's transaction. */
export type SecurityMailWriter = Pick<Database, "select" | "insert">;

/** An address as the mail shows it: a real IP address (an IPv4 client on a dual-stack socket plainly), else none. */
function shownAddress(ip: string | null | undefined): string | undefined {
  if (!ip || isIP(ip) === 0) return undefined;
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

/**
 * The security mail (issue 45; the words in common/staff/security-mail.ts): each change to how an
 * account signs in (two-factor sign-in on or off or reset, a passkey added or removed, new
 * recovery codes, a password changed or reset, the Owner's security setting) mails the account.
 * `queue` writes the message into the outbox inside the change's own transaction, so the change
 * and its mail commit together (a crash or a mail outage loses neither; a refused change mails
 * nothing); `wake` asks the outbox worker to send it once the transaction has committed. The
 * message names the change, the time, the browser and address, never a token, password, code or
 * secret.
 */
export function createSecurityMail(deps: { siteUrl: string; wakeMail(): void }) {
  const accountUrl = `${deps.siteUrl}/admin/dashboard/account`;
  const signInUrl = `${deps.siteUrl}/admin`;

  async function queue(
    tx: SecurityMailWriter,
    adminId: string,
    change: SecurityChange,
    origin: Origin,
    extra: { passkey?: string } = {},
  ): Promise<void> {
    // The account's address as it is now, read in the change's transaction.
    const [account] = await tx.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId));
    if (!account) return;
    const message = securityMail({
      change,
      email: account.email,
      at: new Date(),
      site: COMPANY.name,
      accountUrl,
      signInUrl,
      from:
        origin === BY_OPERATOR
          ? undefined
          : { device: describeDevice(origin.userAgent), address: shownAddress(origin.ip) },
      passkey: extra.passkey,
    });
    await tx.insert(mailOutbox).values({ kind: "security", message: { to: account.email, ...message } });
  }

  return { queue, wake: () => deps.wakeMail() };
}

export type SecurityMail = ReturnType<typeof createSecurityMail>;
