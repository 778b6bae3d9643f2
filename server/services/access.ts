import { Forbidden } from "../../common/errors";
import { can, type Permission, ROLE_MESSAGES, type Role } from "../../common/staff/roles";
import { TWO_FACTOR_MESSAGES } from "../../common/staff/two-factor";

/**
 * The service layer's one permission check (roles in common/staff/roles.ts): the admin API's hook, the
 * admin screens' loaders and actions and the services that act for an administrator all ask it,
 * so every door refuses the same things with the same message. Throws Forbidden (403).
 */
export function authorize(admin: { role: Role }, permission: Permission): void {
  if (!can(admin.role, permission)) throw new Forbidden(ROLE_MESSAGES.forbidden(permission));
}

/**
 * The Owner's two-factor requirement, the one rule every door asks (the admin API's hook, the
 * admin screens' guard): while an account must enrol (the requirement is on and it has neither an
 * authenticator app nor a passkey), it may do these and nothing else. Each door names the step
 * it is; a door naming none is refused until the account has enrolled.
 */
export const ENROLMENT_STEPS = [
  /** Who is signed in: the dashboard's shell, GET /api/admin/profile. */
  "profile",
  "sign-out",
  /** The enrolment screen ('Account' reduced to its enrolment sections) and GET /api/admin/two-factor. */
  "enrolment-screen",
  "two-factor-start",
  "two-factor-confirm",
  /** The account's passkeys (GET /api/admin/passkeys): the screen lists the one just added. */
  "passkey-list",
  "passkey-options",
  "passkey-register",
  /** Confirming the password again (sudo mode): adding a passkey asks for it. */
  "sudo",
] as const;
export type EnrolmentStep = (typeof ENROLMENT_STEPS)[number];

/**
 * Refuses (Forbidden, the catalogue's message) whatever is not an enrolment step while the
 * account must enrol; `enrolmentDue` is the two-factor service's answer for the account.
 */
export async function admitWhileEnrolling(
  enrolmentDue: (adminId: string) => Promise<boolean>,
  adminId: string,
  step?: EnrolmentStep,
): Promise<void> {
  if (step && ENROLMENT_STEPS.includes(step)) return;
  if (await enrolmentDue(adminId)) throw new Forbidden(TWO_FACTOR_MESSAGES.enrolmentDue);
}
