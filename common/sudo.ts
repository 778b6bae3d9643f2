import { z } from "./zod";

/**
 * Sudo mode (GitHub's): adding or removing a passkey, turning two-factor sign-in off, making new
 * recovery codes and changing the Owner's security setting need the password (or a current
 * authentication code) given again within this window, on this session (docs/decisions).
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
} as const;

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
