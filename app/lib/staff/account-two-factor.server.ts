import { can } from "@common/staff/roles";
import {
  securitySettingsSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorStartSchema,
} from "@common/staff/two-factor";
import { type AppLoadContext, data } from "react-router";
import type { ChangeOrigin } from "../../../server/services/staff/security-mail";
import type { SessionAdmin } from "../../../server/services/staff/sessions";
import type { Answer } from "../action-answer";
import { done, invalidInput } from "../domain-errors.server";
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

/**
 * What 'Account' reads for the section: the account's status, the Owner's setting when allowed,
 * and whether the session is in sudo mode (else setting it up asks for the password in its form).
 */
export async function twoFactorLoad(context: AppLoadContext, admin: SessionAdmin) {
  const twoFactor = await context.services.twoFactor.status(admin.id);
  const security = can(admin.role, "security") ? await context.services.twoFactor.settings() : null;
  return { twoFactor, security, sudoFresh: await context.services.sudo.isFresh(admin.sessionId) };
}

/** The section of 'Account' an answer is for: a form posted without JavaScript shows it there. */
export type AccountSection = "two-factor";

/**
 * The answer with the section it belongs to (`section`), done or refused alike: 'Account' holds
 * several forms, and the page drawn after a plain form post shows the answer in its own section.
 */
export function inSection(section: AccountSection, answer: object) {
  if (isDataAnswer(answer)) return data({ ...(answer.data as Answer), section }, answer.init ?? undefined);
  return { ...(answer as Answer), section };
}
type DataAnswer = { type: string; data: object; init: ResponseInit | null };
const isDataAnswer = (answer: object): answer is DataAnswer => "data" in answer && "init" in answer;

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
  const client = context.clientKey;
  try {
    switch (values.intent) {
      case "two-factor-start": {
        // Sudo mode: the password in the form confirms it (the enrolment screen asks once).
        const parsed = twoFactorStartSchema.safeParse({
          password: typeof values.password === "string" && values.password ? values.password : undefined,
        });
        if (!parsed.success) return invalidInput(parsed.error.issues);
        return done({ enrolment: await service.start(admin, parsed.data, client) });
      }
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
        context.authorize(admin, "security");
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
