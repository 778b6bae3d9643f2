import { passwordChangeSchema } from "@common/account";
import { ACCOUNT_MESSAGES } from "@common/admin-messages";
import { ADMIN_PASSWORD_MIN } from "@common/constants";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Loading } from "~/components/admin/Loading";
import { pageHeadingClass } from "~/components/admin/styles";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { useAdminApi } from "~/lib/admin-api";
import { ADMIN_PAGE_HEADERS, requireAdmin } from "~/lib/admin-session.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Change password | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email };
}

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

/** 'Change password' for the signed-in administrator; every other session of the account ends. */
export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  async function submit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setDone(false);
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (values.confirmPassword !== values.newPassword) return setError(ACCOUNT_MESSAGES.mismatch);
    setBusy(true);
    const answer = await api("PUT", "/api/admin/password", parsed.data);
    setBusy(false);
    if (answer.status === 401) return;
    if (!answer.ok) return setError(answer.body.message ?? ACCOUNT_MESSAGES.currentWrong);
    setError(undefined);
    setDone(true);
    form.reset();
  }

  return (
    <div className="max-w-xl">
      <h1 className={pageHeadingClass}>Change password</h1>
      <p className="mt-2 text-muted">
        Signed in as <strong className="text-text">{loaderData.email}</strong>. After the change, every other
        device signed in to this account is signed out.
      </p>
      <form
        noValidate
        className="card mt-6 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit(event.currentTarget);
        }}
        onChange={() => setError(undefined)}
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
            {done ? ACCOUNT_MESSAGES.changed : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <KeyRound aria-hidden="true" className="size-5" />
            Change password
          </button>
          {busy && <Loading />}
        </div>
      </form>
    </div>
  );
}
