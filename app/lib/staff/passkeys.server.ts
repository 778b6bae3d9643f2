import {
  authenticationResponseSchema,
  PASSKEY_MESSAGES,
  passkeyRegisterSchema,
  registrationResponseSchema,
} from "@common/staff/passkeys";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { type AppLoadContext, data, redirect } from "react-router";
import type { SessionAdmin } from "../../../server/services/staff/sessions";
import { changeOrigin } from "../change-origin.server";
import { done, invalidInput, refused } from "../domain-errors.server";
import { signInWithPasskey } from "./admin-session.server";
import { refusedOrSudo } from "./sudo.server";

/** The intents of 'Account' → 'Passkeys'. */
export const PASSKEY_INTENTS = ["passkey-options", "passkey-register", "passkey-remove"] as const;

export const isPasskeyIntent = (intent: unknown): boolean =>
  PASSKEY_INTENTS.includes(intent as (typeof PASSKEY_INTENTS)[number]);

/** The browser's answer, posted as a JSON string in a form field; undefined when unreadable. */
function parsedJson(value: FormDataEntryValue | null | undefined): unknown {
  if (typeof value !== "string" || value.length > 64 * 1024) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** What 'Account' reads for the section: the account's passkeys (names and dates). */
export async function passkeyLoad(context: AppLoadContext, admin: SessionAdmin) {
  return { passkeys: await context.services.passkeys.list(admin.id) };
}

/**
 * The section's writes, through the passkey service (it checks the challenge, origin and party,
 * and sudo mode: the options and removal answer `sudo: true` until the password is confirmed).
 */
export async function passkeyAction(
  context: AppLoadContext,
  request: Request,
  admin: SessionAdmin,
  values: Record<string, FormDataEntryValue>,
) {
  const service = context.services.passkeys;
  try {
    switch (values.intent) {
      case "passkey-options":
        return done({ registration: await service.registrationOptions(admin) });
      case "passkey-register": {
        const parsed = passkeyRegisterSchema.safeParse({
          response: parsedJson(values.response),
          name: typeof values.name === "string" && values.name.trim() ? values.name : undefined,
        });
        if (!parsed.success) {
          // An unreadable answer from the browser is the passkey's failure, not the name's.
          if (!registrationResponseSchema.safeParse(parsedJson(values.response)).success)
            return data({ ok: false as const, error: PASSKEY_MESSAGES.failed }, { status: 400 });
          return invalidInput(parsed.error.issues);
        }
        const added = await service.register(
          admin,
          { response: parsed.data.response as unknown as RegistrationResponseJSON, name: parsed.data.name },
          changeOrigin(request, context),
        );
        // A first passkey (no authenticator app) brings the recovery codes: shown once, here.
        if (added.recoveryCodes)
          return done({
            message: PASSKEY_MESSAGES.addedWithCodes(added.name),
            recoveryCodes: added.recoveryCodes,
          });
        return done({ message: PASSKEY_MESSAGES.added(added.name) });
      }
      default: {
        const removed = await service.remove(admin, String(values.id ?? ""), changeOrigin(request, context));
        return done({ message: PASSKEY_MESSAGES.removed(removed.name) });
      }
    }
  } catch (error) {
    return refusedOrSudo(error);
  }
}

/**
 * The login screen's passkey intents: 'passkey-options' answers the sign-in options (for a
 * fetcher); 'passkey' signs in with the browser's answer (a session cookie and the dashboard).
 * Undefined for any other intent.
 */
export async function passkeyLoginAction(context: AppLoadContext, request: Request, form: FormData) {
  const intent = form.get("intent");
  if (intent === "passkey-options") {
    try {
      return done({ options: await context.services.passkeys.signInOptions(context.clientKey) });
    } catch (error) {
      return refused(error);
    }
  }
  if (intent !== "passkey") return undefined;
  const parsed = authenticationResponseSchema.safeParse(parsedJson(form.get("response")));
  if (!parsed.success) return data({ ok: false as const, error: PASSKEY_MESSAGES.failed }, { status: 400 });
  let headers: Headers;
  try {
    headers = await signInWithPasskey(context, request, parsed.data as unknown as AuthenticationResponseJSON);
  } catch (error) {
    return refused(error);
  }
  throw redirect("/admin/dashboard", { headers });
}
