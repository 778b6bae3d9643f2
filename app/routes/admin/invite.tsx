import { ACCOUNT_MESSAGES, STAFF_MESSAGES } from "@common/admin-messages";
import { ADMIN_PASSWORD_MIN } from "@common/staff/passwords";
import { inviteAcceptSchema } from "@common/staff/staff";
import { KeyRound } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { Logo } from "~/components/art/LogoMark";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { ThemeSwitch } from "~/components/ThemeSwitch";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { foundOrNull, invalidInput, refused } from "~/lib/domain-errors.server";
import { acceptInvite } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/invite";

export const meta = adminMeta(STAFF_MESSAGES.setPasswordHeading);
export const headers = adminHeaders;

/** The invitation's address, or nothing when the link is used, expired or unknown. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await foundOrNull(context.services.staff.invitation(params.token));
  return { email: invitation?.email };
}

/** The colleague's own password: the account is made, signed in, and the dashboard opens. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = inviteAcceptSchema.safeParse({ password: form.get("password") ?? undefined });
  if (!parsed.success) return invalidInput(parsed.error.issues);
  if (form.get("confirmPassword") !== parsed.data.password)
    return invalidInput([{ message: ACCOUNT_MESSAGES.mismatch, path: ["confirmPassword"] }]);
  let cookie: Headers;
  try {
    cookie = await acceptInvite(context, request, params.token, parsed.data.password);
  } catch (error) {
    return refused(error);
  }
  throw redirect("/admin/dashboard", { headers: cookie });
}

/** /admin/invite/<token>: where an invited colleague sets their own password. */
export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
      <div className="card w-full max-w-sm">
        <div className="flex items-center justify-between gap-3">
          <Logo />
          <ThemeSwitch />
        </div>
        <h1 className="mt-6 text-2xl font-extrabold">{STAFF_MESSAGES.setPasswordHeading}</h1>
        {!loaderData.email ? (
          <p className="mt-3 font-semibold">{STAFF_MESSAGES.inviteInvalid}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{STAFF_MESSAGES.setPasswordIntro(loaderData.email)}</p>
            <Form
              method="post"
              replace
              noValidate
              className="mt-6 flex flex-col gap-4"
              onSubmit={(event) => busy && event.preventDefault()}
            >
              {/* For password managers: the account this password belongs to. */}
              <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
              <label className="flex flex-col gap-1 font-semibold">
                New password
                <input
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  aria-describedby="invite-password-rule"
                  className={inputClass}
                />
              </label>
              <p id="invite-password-rule" className="-mt-3 text-sm text-muted">
                At least {ADMIN_PASSWORD_MIN} characters.
              </p>
              <label className="flex flex-col gap-1 font-semibold">
                Confirm new password
                <input
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                  className={inputClass}
                />
              </label>
              <FormMessage message={actionData?.error} live="assertive" testId="invite-error" />
              <button type="submit" className="btn btn-primary" aria-disabled={busy}>
                <KeyRound aria-hidden="true" className="size-5" />
                {STAFF_MESSAGES.setPassword}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
