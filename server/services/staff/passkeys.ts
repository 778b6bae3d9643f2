import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import { SIGN_IN_MESSAGES } from "../../../common/admin-messages";
import { COMPANY } from "../../../common/company";
import { Conflict, Invalid, Limited, NotFound, Unavailable } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import { describeDevice } from "../../../common/staff/device";
import { PASSKEY_LIMITS, PASSKEY_MESSAGES, type PasskeyListing } from "../../../common/staff/passkeys";
import { SUDO_MESSAGES } from "../../../common/staff/sudo";
import { isStorableText } from "../../../common/text";
import type { Database } from "../../db/client";
import { adminPasskeyChallenges, adminPasskeys } from "../../db/schema";
import type { AuditService } from "../audit";
import type { AccountService } from "./accounts";
import type { FailureCounters } from "./failure-counters";
import { boundChallenge, createPasskeySecondStep, isBoundTo } from "./passkey-second-step";
import type { ChangeOrigin, SecurityMail } from "./security-mail";
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS, type SignInService } from "./sign-ins";
import { type SudoService, type SudoSession, sessionSignedInAt } from "./sudo";
import type { TwoFactorService } from "./two-factor";

/**
 * The WebAuthn library, loaded at the first passkey ceremony: with its certificate parsers it is
 * about 0.8 MB of code that every start would otherwise parse and keep (docs/benchmarks.md 'Budgets').
 */
export const webauthn = () => import("@simplewebauthn/server");

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party: SITE_URL's host is the id, its origin the only one accepted. */
export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: COMPANY.name };
}

/** What a challenge was given for: registering, a passkey sign-in, or a password sign-in's second step. */
export type Purpose = "register" | "sign_in" | "second_factor" | "sudo";

/** The challenge a response answers (from its clientDataJSON), or undefined when unreadable. */
function answeredChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as {
      challenge?: unknown;
    };
    return typeof data.challenge === "string" && data.challenge.length <= 512 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

const listing = (row: typeof adminPasskeys.$inferSelect): PasskeyListing => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** What sudo mode's challenge is bound to: the session (not the account), so another session cannot answer it. */
const sudoBinding = (session: SudoSession) => `sudo:${session.sessionId}`;

/** The WebAuthn user handle for an account: its id's bytes (never its e-mail). */
const userHandle = (adminId: string) => new TextEncoder().encode(adminId);

export function createPasskeyService(
  db: Database,
  deps: {
    siteUrl: string;
    accounts: Pick<AccountService, "findById">;
    /** The login service's session start (new-browser mail, audit log), shared by every sign-in. */
    startSession: SignInService["startSession"];
    counters: FailureCounters;
    audit?: Pick<AuditService, "record">;
    /**
     * Sudo mode: adding (its options) and removing a passkey need a fresh confirmation; a passkey
     * the account had before the session signed in confirms it (`confirmWith`).
     */
    sudo: Pick<SudoService, "require" | "confirmWith">;
    /** The account's recovery codes: made with a first passkey, dropped with the last (two-factor.ts). */
    recoveryCodes?: Pick<TwoFactorService, "recoveryCodesForFirstPasskey" | "dropRecoveryCodesWithoutMethod">;
    /** Adding and removing a passkey mail the account (security-mail.ts). */
    securityMail: SecurityMail;
  },
) {
  const rp = relyingParty(deps.siteUrl);

  /** Takes a slot on each limit (kept unless refunded). Throws Limited or Unavailable. */
  async function reserve(limits: Array<{ key: string; max: number }>) {
    let over: { retryAfterMs: number } | undefined;
    try {
      over = await deps.counters.reserve(limits, SIGN_IN_WINDOW_MS);
    } catch (error) {
      throw new Unavailable(
        SIGN_IN_MESSAGES.unavailable,
        "login limit unavailable (Redis unreachable): passkey sign-in refused",
        { cause: error },
      );
    }
    if (over) throw new Limited(SIGN_IN_MESSAGES.limited(over.retryAfterMs), over.retryAfterMs);
  }

  /** A new single-use challenge row; expired ones are deleted on the way. */
  async function storeChallenge(challenge: string, purpose: Purpose, adminId: string | null) {
    await db.delete(adminPasskeyChallenges).where(lt(adminPasskeyChallenges.expiresAt, new Date()));
    await db.insert(adminPasskeyChallenges).values({
      challenge,
      purpose,
      adminId,
      expiresAt: new Date(Date.now() + PASSKEY_LIMITS.challengeMs),
    });
  }

  /**
   * Takes the challenge a response answers (deleted: used once, right or wrong); throws Invalid
   * when it was never given, is spent or expired, or was given for another purpose or account.
   */
  async function takeChallenge(clientDataJSON: string, purpose: Purpose, adminId: string | null) {
    const challenge = answeredChallenge(clientDataJSON);
    if (!challenge) throw new Invalid(PASSKEY_MESSAGES.failed);
    const [row] = await db
      .delete(adminPasskeyChallenges)
      .where(
        and(
          eq(adminPasskeyChallenges.challenge, challenge),
          gt(adminPasskeyChallenges.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row || row.purpose !== purpose || (row.adminId ?? null) !== adminId)
      throw new Invalid(PASSKEY_MESSAGES.expired);
    return challenge;
  }

  /** Whether the account has at least one passkey (the two-factor requirement accepts one). */
  async function has(adminId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: adminPasskeys.id })
      .from(adminPasskeys)
      .where(eq(adminPasskeys.adminId, adminId))
      .limit(1);
    return Boolean(row);
  }

  /** The account's passkeys, oldest first (names and dates; never a key). */
  async function list(adminId: string): Promise<PasskeyListing[]> {
    const rows = await db
      .select()
      .from(adminPasskeys)
      .where(eq(adminPasskeys.adminId, adminId))
      .orderBy(asc(adminPasskeys.createdAt), asc(adminPasskeys.id));
    return rows.map(listing);
  }

  /**
   * Registration options for the signed-in account (its passkeys excluded: no duplicate), in
   * sudo mode: the single-use challenge is what `register` takes, so it is guarded here.
   */
  async function registrationOptions(admin: SudoSession): Promise<PublicKeyCredentialCreationOptionsJSON> {
    await deps.sudo.require(admin);
    const existing = await db
      .select({ credentialId: adminPasskeys.credentialId, transports: adminPasskeys.transports })
      .from(adminPasskeys)
      .where(eq(adminPasskeys.adminId, admin.id));
    if (existing.length >= PASSKEY_LIMITS.perAccount)
      throw new Conflict(PASSKEY_MESSAGES.tooMany(PASSKEY_LIMITS.perAccount));
    const options = await (await webauthn()).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: admin.email,
      userDisplayName: admin.email,
      userID: userHandle(admin.id),
      attestationType: "none",
      timeout: PASSKEY_LIMITS.timeoutMs,
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      // A discoverable credential: the login screen signs in without asking for the e-mail.
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await storeChallenge(options.challenge, "register", admin.id);
    return options;
  }

  /**
   * Checks the browser's answer to registrationOptions and keeps the passkey; an account's first
   * strong way in (no authenticator app, no passkey yet) gets its ten recovery codes with it, shown
   * once. Throws Invalid (wrong origin or relying party, spent or expired challenge, unreadable
   * response), Conflict.
   * `origin`: the browser (its User-Agent names an unnamed passkey) and address it came from.
   */
  async function register(
    admin: { id: string; email: string },
    input: { response: RegistrationResponseJSON; name?: string },
    origin: ChangeOrigin,
  ): Promise<PasskeyListing & { recoveryCodes?: string[] }> {
    const expectedChallenge = await takeChallenge(
      input.response.response.clientDataJSON,
      "register",
      admin.id,
    );
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await (await webauthn()).verifyRegistrationResponse({
        response: input.response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // A passkey stands for password and code together: only a key that checked its holder
        // (PIN, biometric) is kept.
        requireUserVerification: true,
      });
    } catch {
      throw new Invalid(PASSKEY_MESSAGES.failed);
    }
    if (!verified.verified) throw new Invalid(PASSKEY_MESSAGES.failed);
    const { credential } = verified.registrationInfo;
    const given = input.name?.trim();
    const name =
      given && isStorableText(given)
        ? given.slice(0, PASSKEY_LIMITS.name)
        : PASSKEY_MESSAGES.defaultName(describeDevice(origin.userAgent ?? null)).slice(
            0,
            PASSKEY_LIMITS.name,
          );
    const { row, recoveryCodes } = await db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(adminPasskeys)
        .where(eq(adminPasskeys.adminId, admin.id));
      if (n >= PASSKEY_LIMITS.perAccount)
        throw new Conflict(PASSKEY_MESSAGES.tooMany(PASSKEY_LIMITS.perAccount));
      const [added] = await tx
        .insert(adminPasskeys)
        .values({
          adminId: admin.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: (credential.transports ?? input.response.response.transports ?? []).slice(0, 10),
          name,
        })
        .onConflictDoNothing()
        .returning();
      if (!added) throw new Conflict(PASSKEY_MESSAGES.alreadyAdded);
      await deps.audit?.record(
        { action: "passkey_added", actor: admin, target: { id: added.id, label: added.name } },
        tx,
      );
      await deps.securityMail.queue(tx, admin.id, "passkey-added", origin, { passkey: added.name });
      const codes =
        n === 0 ? await deps.recoveryCodes?.recoveryCodesForFirstPasskey(admin.id, tx) : undefined;
      return { row: added, recoveryCodes: codes };
    });
    deps.securityMail.wake();
    return { ...listing(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
  }

  /**
   * Removes one of the account's own passkeys, in sudo mode. Throws SudoRequired, NotFound (none
   * such, or another's).
   */
  async function remove(admin: SudoSession, id: string, origin: ChangeOrigin): Promise<PasskeyListing> {
    await deps.sudo.require(admin);
    if (!UUID_SHAPE.test(id)) throw new NotFound(PASSKEY_MESSAGES.notFound);
    const removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(adminPasskeys)
        .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminId, admin.id)))
        .returning();
      if (!row) throw new NotFound(PASSKEY_MESSAGES.notFound);
      await deps.audit?.record(
        { action: "passkey_removed", actor: admin, target: { id: row.id, label: row.name } },
        tx,
      );
      await deps.securityMail.queue(tx, admin.id, "passkey-removed", origin, { passkey: row.name });
      await deps.recoveryCodes?.dropRecoveryCodesWithoutMethod(admin.id, tx);
      return listing(row);
    });
    deps.securityMail.wake();
    return removed;
  }

  /**
   * Checks an answer to `expectedChallenge`: a passkey of this site (of `adminId` when given) whose
   * stored user handle matches, signed on this origin and party with the user verified, its
   * counter moving forward (a clone's lags). The passkey, used now; Invalid otherwise.
   */
  async function checkAssertion(
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
    adminId: string | null,
  ): Promise<typeof adminPasskeys.$inferSelect> {
    const refused = new Invalid(PASSKEY_MESSAGES.signInRefused);
    const [passkey] = await db
      .select()
      .from(adminPasskeys)
      .where(
        and(
          eq(adminPasskeys.credentialId, response.id),
          adminId ? eq(adminPasskeys.adminId, adminId) : undefined,
        ),
      );
    if (!passkey) throw refused;
    // The handle the authenticator stored names the account the passkey was made for.
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandle(passkey.adminId)).toString("base64url")) throw refused;
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await (await webauthn()).verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        // A passkey stands for password and code: its holder must have been checked (PIN, biometric).
        requireUserVerification: true,
      });
    } catch {
      // A wrong origin, relying party, signature, no user verification, or a counter gone back.
      throw refused;
    }
    if (!verified.verified) throw refused;
    // The counter only moves forward: a concurrent use with the same count loses here.
    const { newCounter } = verified.authenticationInfo;
    const [used] = await db
      .update(adminPasskeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(
        and(
          eq(adminPasskeys.id, passkey.id),
          newCounter > 0 ? lt(adminPasskeys.counter, newCounter) : eq(adminPasskeys.counter, 0),
        ),
      )
      .returning({ id: adminPasskeys.id });
    if (!used) throw refused;
    return passkey;
  }

  /**
   * Options for a usernameless sign-in: no account named, any of this site's passkeys answers.
   * Each is a stored challenge: a client may ask PASSKEY_LIMITS.optionsPerWindow times per
   * SIGN_IN_WINDOW_MS (screen and API alike). Throws Limited or Unavailable.
   */
  async function signInOptions(client: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await reserve([{ key: `passkey-options:${client}`, max: PASSKEY_LIMITS.optionsPerWindow }]);
    const options = await (await webauthn()).generateAuthenticationOptions({
      rpID: rp.id,
      timeout: PASSKEY_LIMITS.timeoutMs,
      userVerification: "required",
    });
    await storeChallenge(options.challenge, "sign_in", null);
    return options;
  }

  /**
   * Signs in with a passkey: checks the browser's answer to signInOptions and makes a session
   * exactly as a password sign-in does (new-browser mail, audit). A failure counts against the
   * client like a wrong password. Throws Invalid, Limited or Unavailable.
   */
  async function signIn(input: {
    response: AuthenticationResponseJSON;
    client: string;
    userAgent?: string | null;
    browser?: string;
  }): Promise<{ token: string; browser: string; adminId: string }> {
    // Failures count in the password sign-in's per-client slots: one budget for both doors.
    const key = `login:client:${input.client}`;
    await reserve([{ key, max: SIGN_IN_LIMITS.client }]);

    const expectedChallenge = await takeChallenge(input.response.response.clientDataJSON, "sign_in", null);
    const passkey = await checkAssertion(input.response, expectedChallenge, null);
    const found = await deps.accounts.findById(passkey.adminId);
    if (!found) throw new Invalid(PASSKEY_MESSAGES.signInRefused);
    // A session as after a password sign-in: the new-browser mail, the audit log's sign-in.
    const { token, browser } = await deps.startSession(found, input, {
      refused: PASSKEY_MESSAGES.signInRefused,
      describe: PASSKEY_MESSAGES.auditSignIn,
    });
    await deps.counters.refund([key]).catch(() => {});
    return { token, browser, adminId: found.id };
  }

  // The password sign-in's second step for an account with a passkey (passkey-second-step.ts).
  const secondStep = createPasskeySecondStep(db, {
    rp,
    reserve,
    refund: (keys) => deps.counters.refund(keys).catch(() => {}),
    storeChallenge,
    takeChallenge,
    checkAssertion,
    startSession: deps.startSession,
    accounts: deps.accounts,
    audit: deps.audit,
  });

  /** The account's passkeys it had before the session signed in: the ones that confirm sudo mode on it. */
  async function sudoPasskeys(session: SudoSession) {
    const signedInAt = await sessionSignedInAt(db, session.sessionId);
    if (!signedInAt) return [];
    return db
      .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
      .from(adminPasskeys)
      .where(and(eq(adminPasskeys.adminId, session.id), lt(adminPasskeys.createdAt, signedInAt)));
  }

  /**
   * Options for confirming sudo mode with a passkey: the account's passkeys from before the
   * session signed in, user verification required, a single-use challenge bound to this session.
   * Counted like the sign-in options (PASSKEY_LIMITS.optionsPerWindow per client). Throws Invalid
   * (no such passkey), Limited or Unavailable.
   */
  async function sudoOptions(
    session: SudoSession,
    client: string,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await reserve([{ key: `passkey-options:${client}`, max: PASSKEY_LIMITS.optionsPerWindow }]);
    const keys = await sudoPasskeys(session);
    if (keys.length === 0) throw new Invalid(SUDO_MESSAGES.noPasskey);
    const options = await (await webauthn()).generateAuthenticationOptions({
      rpID: rp.id,
      challenge: boundChallenge(sudoBinding(session)),
      allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports as never })),
      timeout: PASSKEY_LIMITS.timeoutMs,
      userVerification: "required",
    });
    await storeChallenge(options.challenge, "sudo", session.id);
    return options;
  }

  /**
   * Confirms sudo mode with the browser's answer to sudoOptions: one of the account's passkeys
   * from before the session signed in, user verified, on this session's challenge. Refusals count
   * like wrong passwords and are recorded (sudo.ts). Throws Invalid, Limited or Unavailable.
   */
  async function confirmSudo(
    session: SudoSession,
    response: AuthenticationResponseJSON,
    client: string,
  ): Promise<void> {
    await deps.sudo.confirmWith(session, "passkey", client, async () => {
      const challenge = await takeChallenge(response.response.clientDataJSON, "sudo", session.id);
      if (!isBoundTo(challenge, sudoBinding(session))) throw new Invalid(PASSKEY_MESSAGES.expired);
      const signedInAt = await sessionSignedInAt(db, session.sessionId);
      const passkey = await checkAssertion(response, challenge, session.id);
      if (!signedInAt || passkey.createdAt >= signedInAt) throw new Invalid(SUDO_MESSAGES.notThisSession);
    });
  }

  return {
    has,
    list,
    registrationOptions,
    register,
    remove,
    signInOptions,
    signIn,
    sudoOptions,
    confirmSudo,
    /** Whether a passkey of the account can confirm sudo mode on this session ('Confirm your password' offers it). */
    canConfirmSudo: async (session: SudoSession) => (await sudoPasskeys(session)).length > 0,
    ...secondStep,
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
