import { ACCOUNT_MESSAGES, STAFF_MESSAGES } from "../admin-messages";
import { normalEmail } from "../text";
import { z } from "../zod";
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from "./passwords";
import { ROLE_MESSAGES, roleSchema } from "./roles";

/** How long an invitation's link works. */
export const INVITE_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Invite a colleague: their e-mail address, stored trimmed and in lower case, and the role their
 * account gets (left out: Editor, the least).
 */
export const staffInviteInputSchema = z.object(
  {
    email: z
      .string({ error: STAFF_MESSAGES.invalidEmail })
      .max(254, { error: STAFF_MESSAGES.invalidEmail })
      .transform(normalEmail)
      .pipe(z.email({ error: STAFF_MESSAGES.invalidEmail })),
    role: roleSchema.default("editor"),
  },
  { error: STAFF_MESSAGES.invalidEmail },
);

/** The colleague's own password, set through their invitation (the same rules as 'Change password'). */
export const inviteAcceptSchema = z.object(
  {
    password: z
      .string({ error: ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN) })
      .min(ADMIN_PASSWORD_MIN, { error: ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN) })
      .max(ADMIN_PASSWORD_MAX, { error: ACCOUNT_MESSAGES.tooLong(ADMIN_PASSWORD_MAX) }),
  },
  { error: ACCOUNT_MESSAGES.tooShort(ADMIN_PASSWORD_MIN) },
);

/** One account on the 'Staff' screen (also the API's shape). */
export const staffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable().meta({ description: "null: never signed in" }),
  role: roleSchema,
});

/** An Owner changes a colleague's role (their rights change with their next request). */
export const staffRoleInputSchema = z.object({ role: roleSchema }, { error: ROLE_MESSAGES.invalidRole });

/** An invitation not yet used, while its link works. */
export const staffInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  expiresAt: z.iso.datetime(),
  role: roleSchema,
});

export const staffListSchema = z.object({
  accounts: z.array(staffAccountSchema),
  invites: z.array(staffInviteSchema),
});

export type StaffAccount = z.infer<typeof staffAccountSchema>;
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** The invitation mail (sent from the outbox). */
export const inviteMail = (input: { link: string; invitedBy: string; expiresAt: Date; site: string }) => ({
  subject: `You are invited to the ${input.site} admin`,
  text: [
    `${input.invitedBy} invited you to the ${input.site} website's admin.`,
    "",
    "Set your own password with this link (it works once):",
    input.link,
    "",
    `The link is valid until ${input.expiresAt.toUTCString()}.`,
    "If you did not expect this invitation, ignore this message.",
  ].join("\n"),
});
