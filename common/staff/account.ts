import { ACCOUNT_MESSAGES } from "../admin-messages";
import { z } from "../zod";
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from "./passwords";

/** 'Change password': the same rules for the form and for `PUT /api/admin/password`. */
export const passwordChangeSchema = z
  .object(
    {
      currentPassword: z
        .string({ message: ACCOUNT_MESSAGES.currentMissing })
        .min(1, { message: ACCOUNT_MESSAGES.currentMissing })
        .max(ADMIN_PASSWORD_MAX, { message: ACCOUNT_MESSAGES.currentWrong }),
      newPassword: z
        .string({ message: ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN) })
        .min(ADMIN_PASSWORD_MIN, { message: ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN) })
        .max(ADMIN_PASSWORD_MAX, { message: ACCOUNT_MESSAGES.tooLong(ADMIN_PASSWORD_MAX) }),
    },
    // Not an object at all: nothing was said, so the first missing thing is the current password.
    { message: ACCOUNT_MESSAGES.currentMissing },
  )
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: ACCOUNT_MESSAGES.sameAsCurrent,
    path: ["newPassword"],
  });

export type PasswordChange = z.infer<typeof passwordChangeSchema>;
