import { authenticationResponseSchema, PASSKEY_MESSAGES } from "@common/staff/passkeys";
import { TWO_FACTOR_MESSAGES } from "@common/staff/two-factor";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { type AppLoadContext, data, redirect } from "react-router";
import type { SecondStep } from "../../../server/services/staff/sign-ins";
import { domainFailure, done, refused } from "../domain-errors.server";
import { completePasskeySecondStep, passkeySecondStepOptions } from "./admin-session.server";

/** The second step's ways the form says it offers (shown again after a refusal; the server decides). */
export function secondStepsOf(form: FormData): SecondStep[] {
  const named = String(form.get("methods") ?? "").split(",");
  return (["code", "passkey", "recovery"] as const).filter((method) => named.includes(method));
}

/**
 * The login screen's second step with a passkey: 'passkey-second-options' answers the options for
 * the pending sign-in's account (for a fetcher); 'passkey-second' completes the sign-in with the
 * browser's answer (a session cookie and the dashboard), or keeps the step with the refusal.
 * Undefined for any other intent.
 */
export async function passkeySecondStepAction(context: AppLoadContext, request: Request, form: FormData) {
  const intent = form.get("intent");
  const pending = String(form.get("pending") ?? "");
  if (intent === "passkey-second-options") {
    try {
      return done({ options: await passkeySecondStepOptions(context, pending) });
    } catch (error) {
      return refused(error);
    }
  }
  if (intent !== "passkey-second") return undefined;
  const methods = secondStepsOf(form);
  const parsed = authenticationResponseSchema.safeParse(parsedJson(form.get("response")));
  if (!parsed.success)
    return data({ ok: false as const, error: PASSKEY_MESSAGES.failed, pending, methods }, { status: 400 });
  let headers: Headers;
  try {
    headers = await completePasskeySecondStep(context, request, {
      pending,
      response: parsed.data as unknown as AuthenticationResponseJSON,
    });
  } catch (error) {
    const { status, message } = domainFailure(error);
    // A timed-out sign-in starts again from the password.
    const keep = message === TWO_FACTOR_MESSAGES.pendingExpired ? undefined : pending;
    return data({ ok: false as const, error: message, pending: keep, methods }, { status });
  }
  throw redirect("/admin/dashboard", { headers });
}

/** The browser's answer, posted as a JSON string in a form field; undefined when unreadable. */
function parsedJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.length > 64 * 1024) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
