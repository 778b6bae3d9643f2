import { can } from "@common/roles";
import {
  securitySettingsSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
} from "@common/two-factor";
import type { AppLoadContext } from "react-router";
import { clientKey } from "../../server/client-address";
import { authorize } from "../../server/services/access";
import type { ChangeOrigin } from "../../server/services/staff/security-mail";
import type { SessionAdmin } from "../../server/services/staff/sessions";
import { done, invalidInput } from "./domain-errors.server";
import { refusedOrSudo } from "./sudo.server";

/** The intents of 'Account' → 'Two-factor sign-in' and the Owner's 'Security' setting. */
export const TWO_FACTOR_INTENTS = [
  "two-factor-start",
  "two-factor-confirm",
  "two-factor-disable",
  "two-factor-recovery",
  "security-save",
] as const;

export const isTwoFactorIntent = (intent: unknown): boolean =>
  TWO_FACTOR_INTENTS.includes(intent as (typeof TWO_FACTOR_INTENTS)[number]);

/** What 'Account' reads for the section: the account's status, and the Owner's setting when allowed. */
export async function twoFactorLoad(context: AppLoadContext, admin: SessionAdmin) {
  const twoFactor = await context.services.twoFactor.status(admin.id);
  const security = can(admin.role, "security") ? await context.services.twoFactor.settings() : null;
  return { twoFactor, security };
}

/**
 * The section's writes, through the two-factor service (it checks the codes, the limits and sudo
 * mode: turning it off, new recovery codes and the setting answer `sudo: true` until confirmed).
 */
export async function twoFactorAction(
  context: AppLoadContext,
  admin: SessionAdmin,
  values: Record<string, FormDataEntryValue>,
  origin: ChangeOrigin,
) {
  const service = context.services.twoFactor;
  const client = clientKey(context.ip ?? "");
  try {
    switch (values.intent) {
      case "two-factor-start":
        return done({ enrolment: await service.start(admin.id, admin.email) });
      case "two-factor-confirm": {
        const parsed = twoFactorConfirmSchema.safeParse(values);
        if (!parsed.success) return invalidInput(parsed.error.issues);
        // Whoever enrols sees the codes, once: also an account the Owner's requirement sent here.
        const { recoveryCodes } = await service.confirm(admin, parsed.data.code, client, origin);
        return done({ message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes });
      }
      case "two-factor-disable": {
        const parsed = twoFactorDisableSchema.safeParse({
          password: values.password || undefined,
          code: values.code || undefined,
        });
        if (!parsed.success) return invalidInput(parsed.error.issues);
        await service.disable(admin, parsed.data, client, origin);
        return done({ message: TWO_FACTOR_MESSAGES.disabled });
      }
      case "two-factor-recovery": {
        const { recoveryCodes } = await service.regenerateRecoveryCodes(admin, origin);
        return done({ message: TWO_FACTOR_MESSAGES.regenerated, recoveryCodes });
      }
      default: {
        authorize(admin, "security");
        const parsed = securitySettingsSchema.safeParse({
          requireTwoFactor: values.requireTwoFactor === "on",
        });
        if (!parsed.success) return invalidInput(parsed.error.issues);
        await service.setRequired(admin, parsed.data.requireTwoFactor, origin);
        return done({
          message: parsed.data.requireTwoFactor
            ? TWO_FACTOR_MESSAGES.requireOn
            : TWO_FACTOR_MESSAGES.requireOff,
        });
      }
    }
  } catch (error) {
    return refusedOrSudo(error);
  }
}
