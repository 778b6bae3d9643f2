import { z } from "../zod";
import { TWO_FACTOR_MESSAGES } from "./two-factor";

/**
 * Passkeys (WebAuthn): 'Account' → 'Passkeys' registers and removes them; the login screen signs
 * in with one (no password, no second step), and an account with one that signs in with its
 * password is asked for it as the second step. The relying party is SITE_URL's host.
 */
export const PASSKEY_MESSAGES = {
  heading: "Passkeys",
  intro:
    "A passkey signs you in with this device's screen lock or a security key instead of your password. It never leaves the device.",
  none: "You have no passkeys yet.",
  add: "Add a passkey",
  adding: "Waiting for your device…",
  nameLabel: "Name (optional)",
  nameHint: "So you can tell your passkeys apart, for example 'Work laptop'.",
  added: (name: string) => `Passkey '${name}' added`,
  /** A first passkey comes with the account's recovery codes (no authenticator app has them). */
  addedWithCodes: (name: string) => `Passkey '${name}' added. Keep your recovery codes somewhere safe.`,
  recoveryIntro:
    "Each code signs you in once instead of your passkey, if you lose it. They are shown only now: save or print them.",
  remove: "Remove",
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removed: (name: string) => `Passkey '${name}' removed`,
  created: "Added",
  lastUsed: "Last used",
  neverUsed: "Never",
  signIn: "Sign in with a passkey",
  signingIn: "Waiting for your passkey…",
  or: "or",
  unsupported: "This browser cannot use passkeys.",
  cancelled: "The passkey was not used. Try again, or sign in with your password.",
  failed: "That passkey could not be checked. Try again.",
  signInRefused: "That passkey does not sign in to this site.",
  expired: "That passkey request has expired or was already used. Try again.",
  notFound: "That passkey has already been removed",
  invalidId: "That is not a passkey",
  tooMany: (max: number) => `An account can have at most ${max} passkeys. Remove one first.`,
  alreadyAdded: "That passkey is already added.",
  /** The name given when the colleague gives none: the device it was added on. */
  defaultName: (device: string) => `Passkey on ${device}`,
  /** The audit log's label for a passkey sign-in. */
  auditSignIn: (device: string) => `${device} (passkey)`,
  // The password sign-in's second step, for an account with a passkey.
  secondStepHeading: "Confirm it's you",
  secondStepIntro: "Use one of this account's passkeys to finish signing in.",
  secondStepOr: "Or use your passkey instead of a code.",
  useForSecondStep: "Use your passkey",
  /** The answer of the password step when a passkey is asked for next. */
  secondStepRequired: "Use your passkey to finish signing in.",
  noneToConfirm: "This account has no passkey. Please sign in again with your password.",
  /** The audit log's labels: a password and passkey sign-in, and a refused passkey at that step. */
  auditSecondStep: (device: string) => `${device} (password and passkey)`,
  auditRefused: "Passkey refused",
} as const;

export const PASSKEY_LIMITS = {
  /** Sign-in options (stored challenges) one client may ask for per 15 minutes. */
  optionsPerWindow: 60,
  /** Passkeys one account may hold. */
  perAccount: 20,
  /** A name's length. */
  name: 60,
  /** How long a challenge answers (registration or sign-in). */
  challengeMs: 5 * 60 * 1000,
  /** The browser's ceremony timeout (shorter than the challenge's life). */
  timeoutMs: 2 * 60 * 1000,
  /** Any one base64url field of a response: generous for attestation objects, bounded for bodies. */
  field: 16_384,
  /** A request body (the routes' bodyLimit). */
  bodyBytes: 64 * 1024,
} as const;

const base64url = z
  .string()
  .max(PASSKEY_LIMITS.field)
  .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.failed);

/** One passkey as 'Account' and `GET /api/admin/passkeys` show it (never its key). */
export const passkeyListingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type PasskeyListing = z.infer<typeof passkeyListingSchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeyListingSchema) });

/** What `navigator.credentials.create` gave, as @simplewebauthn/browser's startRegistration returns it. */
export const registrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});

/** What `navigator.credentials.get` gave, as startAuthentication returns it. */
export const authenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});

export const passkeyRegisterSchema = z.object({
  response: registrationResponseSchema,
  name: z
    .string()
    .trim()
    .max(PASSKEY_LIMITS.name, `A name can have at most ${PASSKEY_LIMITS.name} characters`)
    .optional(),
});
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;

export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

/** Sudo mode with a passkey: the browser's answer to POST /api/admin/sudo/passkey/options. */
export const passkeySudoSchema = z.object({ response: authenticationResponseSchema });

/** The pending sign-in of the password step (POST /api/admin/login's `pending`). */
const pendingSchema = z.string({ message: TWO_FACTOR_MESSAGES.pendingExpired }).min(1).max(200);

/** The second step's options are for one pending sign-in. */
export const passkeySecondStepOptionsSchema = z.object({ pending: pendingSchema });

/** The second step: the pending sign-in and the browser's answer to its options. */
export const passkeySecondStepSchema = z.object({
  pending: pendingSchema,
  response: authenticationResponseSchema,
});

/** The options handed to the browser (PublicKeyCredential{Creation,Request}OptionsJSON). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() }).meta({
  description: "WebAuthn options for @simplewebauthn/browser (startRegistration / startAuthentication)",
});
