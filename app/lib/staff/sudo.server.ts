import { isDomainError } from "@common/errors";
import { authenticationResponseSchema, PASSKEY_MESSAGES } from "@common/staff/passkeys";
import { SUDO_MESSAGES, sudoSchema } from "@common/staff/sudo";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { type AppLoadContext, data } from "react-router";
import type { SessionAdmin } from "../../../server/services/staff/sessions";
import type { Refused } from "../action-answer";
import { done, invalidInput, refused } from "../domain-errors.server";

/** A refusal that asks for the password again first: the screen shows 'Confirm your password'. */
export type SudoRefused = Refused & { sudo?: true };

/**
 * A guarded action's refusal (sudo mode, server/services/staff/sudo.ts): SudoRequired answers 403 with
 * `sudo: true`, so 'Account' asks for the password and then sends the action again; anything else
 * as `refused` answers it.
 */
export function refusedOrSudo(error: unknown) {
  if (isDomainError(error, "SudoRequired"))
    return data<SudoRefused>({ ok: false, error: error.message, sudo: true }, { status: 403 });
  return refused(error);
}

/** 'Confirm your password' → 'Confirm': the password (or a current code) again, on this session. */
export async function confirmSudo(
  context: AppLoadContext,
  admin: SessionAdmin,
  values: Record<string, FormDataEntryValue>,
) {
  const parsed = sudoSchema.safeParse({
    password: typeof values.password === "string" && values.password ? values.password : undefined,
    code: typeof values.code === "string" && values.code.trim() ? values.code.trim() : undefined,
  });
  if (!parsed.success) return invalidInput(parsed.error.issues);
  try {
    await context.services.sudo.confirm(admin, parsed.data, context.clientKey);
  } catch (error) {
    return refused(error);
  }
  return done({ message: SUDO_MESSAGES.confirmed });
}

/**
 * 'Confirm your password' → 'Use a passkey': 'sudo-passkey-options' answers the options for this
 * session (for a fetcher; the account's passkeys from before it signed in), 'sudo-passkey' checks
 * the browser's answer (user verified) and confirms, as POST /api/admin/sudo/passkey does.
 */
export async function confirmSudoWithPasskey(
  context: AppLoadContext,
  admin: SessionAdmin,
  values: Record<string, FormDataEntryValue>,
) {
  const client = context.clientKey;
  try {
    if (values.intent === "sudo-passkey-options")
      return done({ options: await context.services.passkeys.sudoOptions(admin, client) });
    const parsed = authenticationResponseSchema.safeParse(parsedJson(values.response));
    if (!parsed.success) return data<Refused>({ ok: false, error: PASSKEY_MESSAGES.failed }, { status: 400 });
    await context.services.passkeys.confirmSudo(
      admin,
      parsed.data as unknown as AuthenticationResponseJSON,
      client,
    );
  } catch (error) {
    return refused(error);
  }
  return done({ message: SUDO_MESSAGES.passkeyConfirmed });
}

/** The intents of confirming with a passkey. */
export const isSudoPasskeyIntent = (intent: unknown): boolean =>
  intent === "sudo-passkey-options" || intent === "sudo-passkey";

/** The browser's answer, posted as a JSON string in a form field; undefined when unreadable. */
function parsedJson(value: FormDataEntryValue | undefined): unknown {
  if (typeof value !== "string" || value.length > 64 * 1024) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
