import { ACCOUNT_MESSAGES } from "@common/admin-messages";
import { passwordChangeSchema } from "@common/staff/account";
import { ADMIN_PASSWORD_MIN } from "@common/staff/passwords";
import { SESSION_MESSAGES } from "@common/staff/sessions";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Loading } from "~/components/admin/Loading";
import { AccountPasskeys } from "~/components/admin/staff/AccountPasskeys";
import { AccountSessions } from "~/components/admin/staff/AccountSessions";
import { SudoProvider } from "~/components/admin/staff/AccountSudo";
import {
  AccountSecurity,
  AccountTwoFactor,
  type TwoFactorAnswer,
} from "~/components/admin/staff/AccountTwoFactor";
import { pageHeadingClass } from "~/components/admin/styles";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { changeOrigin } from "~/lib/change-origin.server";
import { done, invalidInput, refused } from "~/lib/domain-errors.server";
import {
  inSection,
  isTwoFactorIntent,
  twoFactorAction,
  twoFactorLoad,
} from "~/lib/staff/account-two-factor.server";
import { changePassword, requireAdmin } from "~/lib/staff/admin-session.server";
import { isPasskeyIntent, passkeyAction, passkeyLoad } from "~/lib/staff/passkeys.server";
import { confirmSudo, confirmSudoWithPasskey, isSudoPasskeyIntent } from "~/lib/staff/sudo.server";
import type { EnrolmentStep } from "../../../server/services/access";
import type { Route } from "./+types/account";

export const meta = adminMeta("Change password");
export const headers = adminHeaders;

/** The enrolment screen too: while the Owner's requirement holds the account back, only its enrolment sections. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, undefined, "enrolment-screen");
  const { twoFactor, security, sudoFresh } = await twoFactorLoad(context, admin);
  const enrolment = {
    email: admin.email,
    twoFactor,
    sudoFresh,
    // 'Confirm your password' offers 'Use a passkey' when one from before this session can.
    sudoPasskey: await context.services.passkeys.canConfirmSudo(admin),
    ...(await passkeyLoad(context, admin)),
  };
  if (twoFactor.enrolmentDue) return { ...enrolment, sessions: [], security: null };
  return {
    ...enrolment,
    security,
    sessions: await context.services.sessions.listFor(admin.id, admin.sessionId),
  };
}

/** The page's writes that are enrolment steps (server/services/access.ts); every other is refused while it is due. */
const ENROLMENT_INTENTS: Record<string, EnrolmentStep> = {
  "two-factor-start": "two-factor-start",
  "two-factor-confirm": "two-factor-confirm",
  "passkey-options": "passkey-options",
  "passkey-register": "passkey-register",
  "sudo-confirm": "sudo",
};

/** 'Change password': the rules, then the current password; every other session of the account ends. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = Object.fromEntries(await request.formData());
  const intent = typeof values.intent === "string" ? values.intent : "";
  const admin = await requireAdmin(
    request,
    context,
    undefined,
    Object.hasOwn(ENROLMENT_INTENTS, intent) ? ENROLMENT_INTENTS[intent] : undefined,
  );
  if (values.intent === "end-session" || values.intent === "end-others")
    return endSessions(context, admin, values);
  if (values.intent === "sudo-confirm") return confirmSudo(context, admin, values);
  if (isSudoPasskeyIntent(values.intent)) return confirmSudoWithPasskey(context, admin, values);
  if (isTwoFactorIntent(values.intent))
    return intent === "security-save"
      ? twoFactorAction(context, admin, values, changeOrigin(request, context))
      : inSection(
          "two-factor",
          await twoFactorAction(context, admin, values, changeOrigin(request, context)),
        );
  if (isPasskeyIntent(values.intent)) return passkeyAction(context, request, admin, values);
  const parsed = passwordChangeSchema.safeParse(values);
  if (!parsed.success) return invalidInput(parsed.error.issues);
  if (values.confirmPassword !== values.newPassword)
    return invalidInput([{ message: ACCOUNT_MESSAGES.mismatch, path: ["confirmPassword"] }]);
  try {
    await changePassword(request, context, admin, parsed.data);
  } catch (error) {
    return refused(error);
  }
  return done({ message: ACCOUNT_MESSAGES.changed });
}

/** 'Sign out' on one of the account's other sessions, or 'Sign out everywhere else'. */
async function endSessions(
  context: Route.ActionArgs["context"],
  admin: { id: string; sessionId: string },
  values: Record<string, FormDataEntryValue>,
) {
  const sessions = context.services.sessions;
  try {
    if (values.intent === "end-others") {
      const ended = await sessions.revokeOthers(admin.id, admin.sessionId);
      return done({ message: SESSION_MESSAGES.endedOthers(ended) });
    }
    const { device } = await sessions.revokeById(admin.id, String(values.id ?? ""));
    return done({ message: SESSION_MESSAGES.endedOne(device) });
  } catch (error) {
    return refused(error);
  }
}

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

/** 'Change password' for the signed-in administrator; every other session of the account ends. */
export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  // A new answer shows until the form is changed again.
  const [shown, setShown] = useState(result);
  useEffect(() => {
    setShown(result);
    if (result?.ok) form.current?.reset();
  }, [result]);
  const error = shown && !shown.ok ? shown.error : undefined;
  const changed = shown?.ok === true;

  return (
    <SudoProvider codeAllowed={loaderData.twoFactor.enabled} passkeyAllowed={loaderData.sudoPasskey}>
      <div className="max-w-xl">
        <h1 className={pageHeadingClass}>Change password</h1>
        <p className="mt-2 text-muted">
          Signed in as <strong className="text-text">{loaderData.email}</strong>. After the change, every
          other device signed in to this account is signed out.
        </p>
        {/* Held back by the Owner's requirement: only the ways to enrol (every other write is refused). */}
        <fetcher.Form
          ref={form}
          method="post"
          hidden={loaderData.twoFactor.enrolmentDue}
          noValidate
          className="card mt-6 flex flex-col gap-4"
          onSubmit={(event) => busy && event.preventDefault()}
          onChange={() => setShown(undefined)}
        >
          {FIELDS.map((field) => (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={`account-${field.name}`} className="font-semibold">
                {field.label}
              </label>
              <input
                id={`account-${field.name}`}
                type="password"
                name={field.name}
                autoComplete={field.autoComplete}
                aria-describedby={field.name === "newPassword" ? "new-password-rule" : undefined}
                className={inputClass}
              />
              {field.name === "newPassword" && (
                <p id="new-password-rule" className="text-sm text-muted">
                  At least {ADMIN_PASSWORD_MIN} characters, different from the current one.
                </p>
              )}
            </div>
          ))}
          {/* The error and the success note never show together: they share one line's room. */}
          <div className="grid *:col-start-1 *:row-start-1">
            <FormMessage message={error} live="assertive" testId="account-error" />
            <p role="status" className="font-semibold text-brand">
              {changed ? ACCOUNT_MESSAGES.changed : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn btn-primary" aria-disabled={busy}>
              <KeyRound aria-hidden="true" className="size-5" />
              Change password
            </button>
            {busy && <Loading />}
          </div>
        </fetcher.Form>
        {!loaderData.twoFactor.enrolmentDue && <AccountSessions sessions={loaderData.sessions} />}
        <AccountTwoFactor
          status={loaderData.twoFactor}
          sudoFresh={loaderData.sudoFresh}
          hasPasskey={loaderData.passkeys.length > 0}
          // A plain post's answer (the section's forms post to this page): shown in its section.
          answer={
            actionData && "section" in actionData && actionData.section === "two-factor"
              ? (actionData as unknown as TwoFactorAnswer)
              : undefined
          }
        />
        <AccountPasskeys passkeys={loaderData.passkeys} />
        {loaderData.security && <AccountSecurity settings={loaderData.security} />}
      </div>
    </SudoProvider>
  );
}
