import { z } from "../zod";

/**
 * Sudo mode (GitHub's): setting up an authenticator app, adding or removing a passkey, turning
 * two-factor sign-in off, making new recovery codes and changing the Owner's security setting need
 * the password (or a current authentication code, or a passkey) given again within this window,
 * on this session (docs/decisions/0039-sudo-mode.md). An authenticator or a passkey set up since
 * the session signed in does not confirm it: only a way in the account had before.
 */
export const SUDO_WINDOW_MS = 10 * 60 * 1000;

/** Every word the confirmation step, the REST API and the services say. */
export const SUDO_MESSAGES = {
  heading: "Confirm your password",
  intro: `This changes how you sign in. Enter your password again (or a current authentication code); you will not be asked again for ${SUDO_WINDOW_MS / 60_000} minutes.`,
  password: "Password",
  code: "Authentication code",
  codeHint: "Only if two-factor sign-in is on: instead of the password",
  confirm: "Confirm",
  cancel: "Cancel",
  /** The refusal of a guarded action (403) until the session confirms again. */
  required: `Confirm your password to continue: changes to how you sign in need it again within ${SUDO_WINDOW_MS / 60_000} minutes.`,
  confirmed: "Password confirmed.",
  missing: "Enter your password or a current authentication code",
  wrong: "That password or code is not right",
  // A passkey instead of the password.
  passkeyOr: "Or confirm with one of your passkeys.",
  passkey: "Use a passkey",
  passkeyWaiting: "Waiting for your passkey…",
  passkeyConfirmed: "Confirmed with your passkey.",
  /** Every passkey of the account was added since this session signed in (or it has none). */
  noPasskey: "None of your passkeys can confirm this session. Enter your password.",
  /** A code from an authenticator app, or a passkey, set up since this session signed in. */
  notThisSession:
    "An authenticator app or passkey set up since you signed in cannot confirm it. Enter your password.",
  /** What the activity record says confirmed (or failed to confirm) it. */
  audit: { password: "Password", code: "Authentication code", passkey: "Passkey" },
} as const;

/** What confirms sudo mode: the password, a current authentication code or a passkey. */
export type SudoMethod = keyof typeof SUDO_MESSAGES.audit;

/** The confirmation: the password or a current authentication code (one of the two). */
export const sudoSchema = z
  .object(
    {
      password: z.string().max(1024).optional(),
      code: z.string().max(64).optional(),
    },
    { message: SUDO_MESSAGES.missing },
  )
  .refine((input) => Boolean(input.password || input.code), { message: SUDO_MESSAGES.missing });
export type SudoProof = z.infer<typeof sudoSchema>;
