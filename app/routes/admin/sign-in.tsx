import { PASSKEY_MESSAGES } from "@common/staff/passkeys";
import { TWO_FACTOR_MESSAGES, twoFactorSignInSchema } from "@common/staff/two-factor";
import { TOAST_MS } from "@common/ui";
import { firstIssue } from "@common/zod";
import { LogIn, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { PasskeySecondStep } from "~/components/admin/staff/PasskeySecondStep";
import { PasskeySignIn } from "~/components/admin/staff/PasskeySignIn";
import { Logo } from "~/components/art/LogoMark";
import { inputClass } from "~/components/enquiry/styles";
import { ThemeSwitch } from "~/components/ThemeSwitch";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { domainFailure, refused } from "~/lib/domain-errors.server";
import { useMessages } from "~/lib/messages";
import { adminFrom, completeTwoFactor, signIn } from "~/lib/staff/admin-session.server";
import { passkeySecondStepAction, secondStepsOf } from "~/lib/staff/passkey-second-step.server";
import { passkeyLoginAction } from "~/lib/staff/passkeys.server";
import type { Route } from "./+types/sign-in";

export const meta = adminMeta("Admin Login");
export const headers = adminHeaders;

/** A signed-in administrator opening /admin goes straight to the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await adminFrom(request, context)) throw redirect("/admin/dashboard");
  return null;
}

/**
 * 'Log in': a session cookie and the dashboard, or the refusal ('Invalid Login', or how long the
 * login limits ask to wait).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "two-factor") return codeStep(context, request, form);
  const second = await passkeySecondStepAction(context, request, form);
  if (second) return second;
  const passkey = await passkeyLoginAction(context, request, form);
  if (passkey) return passkey;
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn(context, request, { email: form.get("email"), password: form.get("password") });
  } catch (error) {
    return refused(error);
  }
  // Two-factor sign-in or a passkey: the password was right; the code or the passkey is asked for next.
  if ("pending" in result) return { ok: true as const, pending: result.pending, methods: result.methods };
  throw redirect("/admin/dashboard", { headers: result.headers });
}

/** Sign-in's second step: the code (or a recovery code) makes the session; a refusal keeps the step. */
async function codeStep(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const pending = String(form.get("pending") ?? "");
  const methods = secondStepsOf(form);
  const parsed = twoFactorSignInSchema.safeParse({ pending, code: form.get("code") ?? "" });
  if (!parsed.success)
    return data(
      { ok: false as const, error: firstIssue(parsed) ?? TWO_FACTOR_MESSAGES.codeMissing, pending, methods },
      { status: 400 },
    );
  let headers: Headers;
  try {
    headers = await completeTwoFactor(context, request, parsed.data);
  } catch (error) {
    const { status, message } = domainFailure(error);
    // A timed-out sign-in starts again from the password.
    const keep = message === TWO_FACTOR_MESSAGES.pendingExpired ? undefined : pending;
    return data({ ok: false as const, error: message, pending: keep, methods }, { status });
  }
  throw redirect("/admin/dashboard", { headers });
}

/** The login screen: /admin and every admin path that no other route takes. */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const { add } = useMessages();
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (actionData && !actionData.ok) add(actionData.error, "error", TOAST_MS);
  }, [actionData, add]);
  const pending = actionData && "pending" in actionData ? actionData.pending : undefined;
  const methods = actionData && "methods" in actionData ? actionData.methods : ["code" as const];
  if (pending) return <SecondStep pending={pending} methods={methods} busy={busy} />;

  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
      <div className="card w-full max-w-sm">
        <div className="flex items-center justify-between gap-3">
          <Logo />
          <ThemeSwitch />
        </div>
        <h1 className="mt-6 text-2xl font-extrabold">Admin login</h1>
        <p className="mt-1 text-sm text-muted">Staff sign-in for the website's blog, popups and enquiries.</p>
        <Form
          method="post"
          replace
          className="mt-6 flex flex-col gap-4"
          noValidate
          onSubmit={(event) => busy && event.preventDefault()}
        >
          <label className="flex flex-col gap-1 font-semibold">
            Email
            <input name="email" type="email" autoComplete="username" required className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 font-semibold">
            Password
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
          </label>
          <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy}>
            <LogIn aria-hidden="true" className="size-5" />
            Log in
          </button>
        </Form>
        <PasskeySignIn busy={busy} />
      </div>
    </main>
  );
}

/**
 * Sign-in's second step: the authenticator app's code (or a recovery code), or the account's
 * passkey; a passkey-only account may give a recovery code instead ("recovery").
 */
function SecondStep({ pending, methods, busy }: { pending: string; methods: string[]; busy: boolean }) {
  const code = methods.includes("code");
  const recovery = !code && methods.includes("recovery");
  const passkey = methods.includes("passkey");
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
      <div className="card w-full max-w-sm">
        <div className="flex items-center justify-between gap-3">
          <Logo />
          <ThemeSwitch />
        </div>
        <h1 className="mt-6 text-2xl font-extrabold">
          {code ? TWO_FACTOR_MESSAGES.signInHeading : PASSKEY_MESSAGES.secondStepHeading}
        </h1>
        <p className="mt-1 text-sm text-muted">
          {code ? TWO_FACTOR_MESSAGES.signInIntro : PASSKEY_MESSAGES.secondStepIntro}
        </p>
        {passkey && (
          <div className="mt-6">
            {code && <p className="mb-3 text-sm text-muted">{PASSKEY_MESSAGES.secondStepOr}</p>}
            <PasskeySecondStep pending={pending} methods={methods.join(",")} busy={busy} />
          </div>
        )}
        {(code || recovery) && (
          <Form
            method="post"
            replace
            className="mt-6 flex flex-col gap-4"
            noValidate
            onSubmit={(event) => busy && event.preventDefault()}
          >
            <input type="hidden" name="intent" value="two-factor" />
            <input type="hidden" name="pending" value={pending} />
            <input type="hidden" name="methods" value={methods.join(",")} />
            {recovery && <p className="text-sm text-muted">{TWO_FACTOR_MESSAGES.recoveryStepIntro}</p>}
            <label className="flex flex-col gap-1 font-semibold">
              {recovery ? TWO_FACTOR_MESSAGES.recoveryCode : TWO_FACTOR_MESSAGES.signInCode}
              <input
                name="code"
                type="text"
                inputMode="text"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                required
                // biome-ignore lint/a11y/noAutofocus: the one field of the step the user just reached
                autoFocus={!recovery}
                className={inputClass}
              />
            </label>
            <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy}>
              <ShieldCheck aria-hidden="true" className="size-5" />
              {TWO_FACTOR_MESSAGES.verify}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
