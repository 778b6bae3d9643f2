import { z } from "../zod";

/** Two-factor sign-in (TOTP, RFC 6238): every word the screens, the REST API and the services say. */
export const TWO_FACTOR_MESSAGES = {
  heading: "Two-factor sign-in",
  intro:
    "After your password, sign-in asks for a six-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).",
  on: "Two-factor sign-in is on.",
  off: "Two-factor sign-in is off.",
  start: "Set up two-factor sign-in",
  /** The start form's password (sudo mode), asked only when the session has not confirmed lately. */
  startPasswordHint: "Setting it up changes how you sign in, so your password is asked for again.",
  scan: "Scan this QR code with your authenticator app, or type the key below into it. Then enter the six-digit code it shows.",
  qrLabel: "QR code for your authenticator app",
  manualKey: "Key for manual entry",
  code: "Authentication code",
  codeHint: "The six-digit code from your authenticator app",
  confirm: "Turn on two-factor sign-in",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  recoveryHeading: "Recovery codes",
  recoveryIntro:
    "Each code signs you in once instead of an authentication code, if you lose your phone. They are shown only now: save or print them.",
  recoveryLeft: (count: number) => `${count} unused recovery code${count === 1 ? "" : "s"} left.`,
  regenerate: "Make new recovery codes",
  regenerated: "New recovery codes made; the old ones no longer work.",
  disableHeading: "Turn off two-factor sign-in",
  disableIntro: "Enter your password or a current authentication code.",
  password: "Password",
  disable: "Turn off two-factor sign-in",
  disabled: "Two-factor sign-in is off.",
  // Sign-in's second step.
  signInHeading: "Enter your authentication code",
  signInIntro:
    "Open your authenticator app and enter the six-digit code for this site, or one of your recovery codes.",
  signInCode: "Authentication or recovery code",
  verify: "Verify",
  // A passkey-only account's second step without its passkey.
  recoveryStepIntro: "Lost your passkey? Enter one of your recovery codes instead.",
  recoveryCode: "Recovery code",
  required: "Enter the authentication code from your app to finish signing in.",
  // Refusals.
  codeMissing: "Enter the six-digit code from your authenticator app",
  codeWrong: "That code is not right. Check your authenticator app and try again.",
  codeReplayed: "That code has been used already. Wait for the next one.",
  pendingExpired: "Your sign-in has timed out. Please sign in again with your password.",
  notStarted: "Start setting up two-factor sign-in first",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  needSecond: "Enter your password or a current authentication code",
  limited: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  unavailable: "Two-factor sign-in is unavailable for a moment. Please try again shortly.",
  secretUnreadable:
    "Two-factor sign-in cannot be checked: the site's secrets key is not the one it was set up with. Please tell the site's administrator.",
  // The Owner's requirement.
  requireHeading: "Security",
  requireLabel: "Require two-factor sign-in for every account",
  requireHint:
    "An account without two-factor sign-in (or a passkey) is taken to set it up at its next sign-in and can do nothing else until it is done.",
  requireSave: "Save security setting",
  requireOn: "Two-factor sign-in is now required for every account",
  requireOff: "Two-factor sign-in is no longer required",
  enrolmentDue:
    "Your organisation requires two-factor sign-in. Set it up on 'Account' before doing anything else.",
  enrolmentDueScreen:
    "Your organisation requires two-factor sign-in. Set it up below to continue using the admin.",
} as const;

/** A TOTP code: six digits (spaces people type between the groups are dropped). */
const totpCode = z
  .string({ message: TWO_FACTOR_MESSAGES.codeMissing })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { message: TWO_FACTOR_MESSAGES.codeMissing }));

/**
 * Starting enrolment, in sudo mode: the password given with it confirms there and then; none when
 * the session confirmed within the window (common/staff/sudo.ts).
 */
export const twoFactorStartSchema = z.strictObject(
  { password: z.string().max(1024).optional() },
  // Strict: its route takes the password as sent (no input hygiene), so nothing else is read.
  { message: TWO_FACTOR_MESSAGES.needSecond },
);

/** Confirming enrolment: the first code from the app. */
export const twoFactorConfirmSchema = z.object(
  { code: totpCode },
  { message: TWO_FACTOR_MESSAGES.codeMissing },
);

/** Sign-in's second step: the pending sign-in and a code (six digits, or a recovery code). */
export const twoFactorSignInSchema = z.object(
  {
    pending: z.string({ message: TWO_FACTOR_MESSAGES.pendingExpired }).min(1).max(200),
    code: z
      .string({ message: TWO_FACTOR_MESSAGES.codeMissing })
      .trim()
      .min(1, { message: TWO_FACTOR_MESSAGES.codeMissing })
      .max(64, { message: TWO_FACTOR_MESSAGES.codeWrong }),
  },
  { message: TWO_FACTOR_MESSAGES.codeMissing },
);

/**
 * Turning it off: the password or a current code, which confirm sudo mode there and then; none
 * when the session confirmed within the window (common/staff/sudo.ts).
 */
export const twoFactorDisableSchema = z.object(
  {
    password: z.string().max(1024).optional(),
    code: z.string().max(64).optional(),
  },
  { message: TWO_FACTOR_MESSAGES.needSecond },
);

/** The Owner's security setting. */
export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** What 'Account' shows of the account's two-factor sign-in. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** Required by the Owner's setting and not yet set up (nor a passkey): the account must enrol. */
  enrolmentDue: boolean;
}

/** An enrolment started: the secret as text, the otpauth:// URI and the QR code as inline SVG. */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
  svg: string;
}
