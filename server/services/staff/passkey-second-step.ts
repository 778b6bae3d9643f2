import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq, gt } from "drizzle-orm";
import { Invalid } from "../../../common/errors";
import { PASSKEY_LIMITS, PASSKEY_MESSAGES } from "../../../common/staff/passkeys";
import { TWO_FACTOR_MESSAGES } from "../../../common/staff/two-factor";
import type { Database } from "../../db/client";
import { adminPasskeys, adminPendingSignIns } from "../../db/schema";
import type { AuditService } from "../audit";
import type { AccountService } from "./accounts";
import { type Purpose, type RelyingParty, webauthn } from "./passkeys";
import type { SignInService } from "./sign-ins";
import { TWO_FACTOR_LIMITS } from "./two-factor";

/**
 * A passkey as the password sign-in's second step (docs/decisions): an account with a passkey
 * that signs in with its password gets a pending sign-in (services/staff/two-factor.ts beginSignIn),
 * and only an assertion by one of that account's passkeys, user verified, answering a challenge
 * made for that pending sign-in, turns it into a session. Knows nothing of HTTP.
 *
 * The challenge carries its binding: 16 random bytes and the first 16 of SHA-256(the pending
 * sign-in's hash ‖ those bytes), so an answer to a challenge given for another pending sign-in
 * (of the same account or another) is refused without a column to keep it in.
 */
const sha256 = (value: string | Buffer) => createHash("sha256").update(value).digest();
const PENDING_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A challenge bound to `tokenHash` (a pending sign-in's hash; sudo mode's session id, passkeys.ts). */
export function boundChallenge(tokenHash: string, nonce = randomBytes(16)): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.concat([
    nonce,
    sha256(Buffer.concat([Buffer.from(tokenHash), nonce])).subarray(0, 16),
  ]);
  return new Uint8Array(bytes);
}

export function isBoundTo(challenge: string, tokenHash: string): boolean {
  const bytes = Buffer.from(challenge, "base64url");
  if (bytes.length !== 32) return false;
  return timingSafeEqual(Buffer.from(boundChallenge(tokenHash, bytes.subarray(0, 16))), bytes);
}

/** Whether the account has a passkey: its password sign-in then asks for one. */
export async function hasPasskey(db: Database, adminId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: adminPasskeys.id })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .limit(1);
  return Boolean(found);
}

export function createPasskeySecondStep(
  db: Database,
  deps: {
    rp: RelyingParty;
    /** Takes a failure slot on each limit (login window); `refund` gives them back. */
    reserve: (limits: Array<{ key: string; max: number }>) => Promise<void>;
    refund: (keys: string[]) => Promise<void>;
    storeChallenge: (challenge: string, purpose: Purpose, adminId: string | null) => Promise<void>;
    takeChallenge: (clientDataJSON: string, purpose: Purpose, adminId: string | null) => Promise<string>;
    checkAssertion: (
      response: AuthenticationResponseJSON,
      expectedChallenge: string,
      adminId: string | null,
    ) => Promise<typeof adminPasskeys.$inferSelect>;
    startSession: SignInService["startSession"];
    accounts: Pick<AccountService, "findById">;
    audit?: Pick<AuditService, "record">;
  },
) {
  const expired = () => new Invalid(TWO_FACTOR_MESSAGES.pendingExpired);

  /** The live pending sign-in `pending` names; Invalid (timed out, used, garbled) otherwise. */
  async function pendingSignIn(pending: string) {
    if (!PENDING_SHAPE.test(pending)) throw expired();
    const tokenHash = sha256(pending).toString("hex");
    const [found] = await db
      .select()
      .from(adminPendingSignIns)
      .where(
        and(eq(adminPendingSignIns.tokenHash, tokenHash), gt(adminPendingSignIns.expiresAt, new Date())),
      );
    if (!found) throw expired();
    return found;
  }

  /**
   * Options for the second step: the pending sign-in's account's passkeys only, user verification
   * required, a single-use challenge bound to this pending sign-in. Counted like the sign-in
   * options (PASSKEY_LIMITS.optionsPerWindow per client). Throws Invalid, Limited or Unavailable.
   */
  async function secondStepOptions(
    pending: string,
    client: string,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await deps.reserve([{ key: `passkey-options:${client}`, max: PASSKEY_LIMITS.optionsPerWindow }]);
    const found = await pendingSignIn(pending);
    const keys = await db
      .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
      .from(adminPasskeys)
      .where(eq(adminPasskeys.adminId, found.adminId));
    if (keys.length === 0) throw new Invalid(PASSKEY_MESSAGES.noneToConfirm);
    const options = await (await webauthn()).generateAuthenticationOptions({
      rpID: deps.rp.id,
      challenge: boundChallenge(found.tokenHash),
      allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports as never })),
      timeout: PASSKEY_LIMITS.timeoutMs,
      userVerification: "required",
    });
    await deps.storeChallenge(options.challenge, "second_factor", found.adminId);
    return options;
  }

  /**
   * The second step: the pending sign-in and the browser's answer to secondStepOptions make the
   * session (new-browser mail, the activity record's sign-in, as every sign-in gives them). A
   * refused passkey is recorded and counts like a wrong code (TWO_FACTOR_LIMITS). Throws Invalid,
   * Limited or Unavailable.
   */
  async function completeSecondStep(input: {
    pending: string;
    response: AuthenticationResponseJSON;
    client: string;
    userAgent?: string | null;
    browser?: string;
  }): Promise<{ token: string; browser: string }> {
    const found = await pendingSignIn(input.pending);
    const keys = [
      {
        key: `two-factor:client-account:${input.client}|${found.adminId}`,
        max: TWO_FACTOR_LIMITS.clientAccount,
      },
      { key: `two-factor:account:${found.adminId}`, max: TWO_FACTOR_LIMITS.account },
    ];
    await deps.reserve(keys);
    const expectedChallenge = await deps.takeChallenge(
      input.response.response.clientDataJSON,
      "second_factor",
      found.adminId,
    );
    const account = await deps.accounts.findById(found.adminId);
    if (!account) throw expired();
    try {
      if (!isBoundTo(expectedChallenge, found.tokenHash)) throw new Invalid(PASSKEY_MESSAGES.expired);
      await deps.checkAssertion(input.response, expectedChallenge, found.adminId);
    } catch (error) {
      await deps.audit?.record({
        action: "sign_in_failed_two_factor",
        actor: account,
        target: { id: account.id, label: PASSKEY_MESSAGES.auditRefused },
        ip: input.client,
      });
      throw error;
    }
    // Used once: a racing request with the same pending sign-in loses here.
    const consumed = await db
      .delete(adminPendingSignIns)
      .where(eq(adminPendingSignIns.tokenHash, found.tokenHash))
      .returning({ adminId: adminPendingSignIns.adminId });
    // The password changed after the first step: that step no longer counts.
    if (consumed.length === 0 || sha256(account.passwordHash).toString("hex") !== found.passwordCheck)
      throw expired();
    await deps.refund(keys.map((limit) => limit.key));
    return deps.startSession(account, input, { describe: PASSKEY_MESSAGES.auditSecondStep });
  }

  return { secondStepOptions, completeSecondStep };
}
