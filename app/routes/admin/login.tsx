import { TOAST_MS } from "@common/constants";
import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Logo } from "~/components/art/LogoMark";
import { inputClass } from "~/components/enquiry/styles";
import { ThemeSwitch } from "~/components/ThemeSwitch";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { adminFrom, signIn } from "~/lib/admin-session.server";
import { refused } from "~/lib/domain-errors.server";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/login";

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
  let cookie: Headers;
  try {
    cookie = await signIn(context, request, { email: form.get("email"), password: form.get("password") });
  } catch (error) {
    return refused(error);
  }
  throw redirect("/admin/dashboard", { headers: cookie });
}

/** The login screen: /admin and every admin path that no other route takes. */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const { add } = useMessages();
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (actionData) add(actionData.error, "error", TOAST_MS);
  }, [actionData, add]);

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
      </div>
    </main>
  );
}
