import { can, type Permission, ROLE_MESSAGES, type Role } from "../../common/roles";
import { Forbidden } from "./errors";

/**
 * The service layer's one permission check (roles in common/roles.ts): the admin API's hook, the
 * admin screens' loaders and actions and the services that act for an administrator all ask it,
 * so every door refuses the same things with the same message. Throws Forbidden (403).
 */
export function authorize(admin: { role: Role }, permission: Permission): void {
  if (!can(admin.role, permission)) throw new Forbidden(ROLE_MESSAGES.forbidden(permission));
}
