import { ADMIN_MESSAGES } from "@common/admin-messages";
import { TOAST_MS } from "@common/constants";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { redirect, useNavigate } from "react-router";
import { Logo } from "~/components/art/LogoMark";
import { inputClass } from "~/components/enquiry/styles";
import { ThemeSwitch } from "~/components/ThemeSwitch";
import { ADMIN_PAGE_HEADERS, adminFrom } from "~/lib/admin-session.server";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

/** A signed-in administrator opening /admin goes straight to the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await adminFrom(request, context)) throw redirect("/admin/dashboard");
  return null;
}

/** SPEC section 2: /admin and every path directly under it. */
export default function AdminLogin() {
  const navigate = useNavigate();
  const { add } = useMessages();
  const [busy, setBusy] = useState(false);

  async function logIn(form: HTMLFormElement) {
    const data = new FormData(form);
    setBusy(true);
    try {
      const response = await fetch("/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: data.get("email"), password: data.get("password") }),
      });
      if (response.ok) {
        navigate("/admin/dashboard", { replace: true });
        return;
      }
      // A 429 carries the server's own words (how long to wait); everything else is SPEC's.
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      const message = response.status === 429 && body.message ? body.message : ADMIN_MESSAGES.invalidLogin;
      add(message, "error", TOAST_MS);
    } catch {
      add(ADMIN_MESSAGES.invalidLogin, "error", TOAST_MS);
    }
    setBusy(false);
  }

  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
      <div className="card w-full max-w-sm">
        <div className="flex items-center justify-between gap-3">
          <Logo />
          <ThemeSwitch />
        </div>
        <h1 className="mt-6 text-2xl font-extrabold">Admin login</h1>
        <p className="mt-1 text-sm text-muted">Staff sign-in for the website's blog, popups and enquiries.</p>
        <form
          className="mt-6 flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void logIn(event.currentTarget);
          }}
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
        </form>
      </div>
    </main>
  );
}
