import { STAFF_MESSAGES } from "@common/admin-messages";
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_MESSAGES,
  ROLES,
  type Role,
  STAFF_ROLE_TEXTS,
} from "@common/staff/roles";
import { SESSION_MESSAGES } from "@common/staff/sessions";
import {
  type StaffAccount,
  type StaffInvite,
  staffInviteInputSchema,
  staffRoleInputSchema,
} from "@common/staff/staff";
import { LogOut, Send, Trash2, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { SelectField } from "~/components/admin/Field";
import { Loading } from "~/components/admin/Loading";
import { pageHeadingClass } from "~/components/admin/styles";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { useAnswerMessages } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, invalidInput, refused } from "~/lib/domain-errors.server";
import { useMessages } from "~/lib/messages";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/staff";

export const meta = adminMeta(STAFF_MESSAGES.heading);
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "staff");
  return { me: admin.id, ...(await context.services.staff.list(admin)) };
}

/** 'Send invitation' (the e-mail address) and 'Remove' (an account's id). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "staff");
  const form = await request.formData();
  const staff = context.services.staff;
  const asked = form.get("intent");
  const intent =
    asked === "remove" || asked === "withdraw" || asked === "role" || asked === "end-sessions"
      ? asked
      : "invite";
  try {
    if (intent === "end-sessions") {
      const { email, ended } = await staff.endSessions(String(form.get("id") ?? ""), admin);
      return done({ message: SESSION_MESSAGES.staffEnded(email, ended) });
    }
    if (intent === "role") {
      const parsed = staffRoleInputSchema.safeParse({ role: form.get("role") ?? undefined });
      if (!parsed.success) return invalidInput([{ message: ROLE_MESSAGES.invalidRole, path: ["role"] }]);
      const changed = await staff.changeRole(String(form.get("id") ?? ""), parsed.data.role, admin);
      const said = ROLE_MESSAGES.roleChanged(changed.email, changed.role);
      const withdrawn = changed.invitesWithdrawn
        ? `. ${STAFF_MESSAGES.invitesWithdrawnWithRole(changed.invitesWithdrawn)}`
        : "";
      return done({ message: `${said}${withdrawn}` });
    }
    if (intent === "withdraw") {
      const { email } = await staff.withdraw(String(form.get("id") ?? ""), admin);
      return done({ message: STAFF_MESSAGES.withdrawn(email) });
    }
    if (intent === "remove") {
      const { email } = await staff.remove(String(form.get("id") ?? ""), admin);
      return done({ message: STAFF_MESSAGES.removed(email) });
    }
    const parsed = staffInviteInputSchema.safeParse({
      email: form.get("email") ?? undefined,
      role: form.get("role") ?? undefined,
    });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    const invite = await staff.invite(parsed.data.email, parsed.data.role, admin);
    return done({ message: STAFF_MESSAGES.invited(invite.email) });
  } catch (error) {
    return refused(error);
  }
}

const cellLabel = "text-xs font-semibold text-muted";

/** The role a colleague gets, each said with what it may use (common/staff/roles.ts). */
function RoleChoice({
  id,
  defaultValue,
  describedBy,
}: {
  id: string;
  defaultValue: Role;
  describedBy?: string;
}) {
  return (
    <SelectField
      id={id}
      label={STAFF_ROLE_TEXTS.role}
      name="role"
      defaultValue={defaultValue}
      aria-describedby={describedBy}
      className="w-full max-w-md"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
        </option>
      ))}
    </SelectField>
  );
}

/** 'Sign out everywhere' for a colleague: every session of their account ends (a lost laptop). */
function EndSessionsForm({ account, emailId }: { account: StaffAccount; emailId: string }) {
  const fetcher = useFetcher<typeof action>();
  const { add } = useMessages();
  useAnswerMessages(fetcher, add);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="end-sessions" />
      <input type="hidden" name="id" value={account.id} />
      <button
        type="submit"
        className="btn btn-ghost"
        aria-describedby={emailId}
        aria-disabled={fetcher.state !== "idle"}
      >
        <LogOut aria-hidden="true" className="size-5" />
        {SESSION_MESSAGES.staffEnd}
      </button>
    </fetcher.Form>
  );
}

/** A colleague's role, and (for an Owner looking at someone else) 'Change role'. */
function RoleForm({ account, emailId }: { account: StaffAccount; emailId: string }) {
  const fetcher = useFetcher<typeof action>();
  const { add } = useMessages();
  useAnswerMessages(fetcher, add);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={account.id} />
      <RoleChoice id={`role-${account.id}`} defaultValue={account.role} describedBy={emailId} />
      <button
        type="submit"
        className="btn btn-ghost"
        aria-describedby={emailId}
        aria-disabled={fetcher.state !== "idle"}
      >
        {STAFF_ROLE_TEXTS.changeRole}
      </button>
    </fetcher.Form>
  );
}

/** 'Invite a colleague': the address, then the answer under the field until it is changed. */
function InviteForm() {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const [shown, setShown] = useState<typeof fetcher.data>();
  useEffect(() => {
    setShown(fetcher.data);
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  return (
    <section className="card" aria-labelledby="staff-invite">
      <h2 id="staff-invite" className="h-card">
        {STAFF_MESSAGES.inviteHeading}
      </h2>
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-3 flex flex-col gap-3"
        onSubmit={(event) => busy && event.preventDefault()}
        onChange={() => setShown(undefined)}
      >
        <input type="hidden" name="intent" value="invite" />
        <label htmlFor="staff-email" className="font-semibold">
          {STAFF_MESSAGES.email}
        </label>
        <div className="flex flex-wrap gap-3">
          <input
            id="staff-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            className={`${inputClass} min-w-0 flex-1 basis-56`}
          />
        </div>
        <RoleChoice id="staff-invite-role" defaultValue="editor" />
        <div>
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <Send aria-hidden="true" className="size-5" />
            {STAFF_MESSAGES.invite}
          </button>
        </div>
        <div className="grid min-h-6 *:col-start-1 *:row-start-1">
          <FormMessage
            message={shown && !shown.ok ? shown.error : undefined}
            live="assertive"
            testId="staff-error"
          />
          <p role="status" className="font-semibold text-brand">
            {busy ? <Loading /> : shown?.ok ? shown.message : ""}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}

function AccountRow({
  account,
  me,
  onRemove,
}: {
  account: StaffAccount;
  me: boolean;
  onRemove(account: StaffAccount): void;
}) {
  const emailId = `staff-${account.id}`;
  return (
    <li className="card flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
      <p className="min-w-0 flex-1 basis-full sm:basis-56">
        <span id={emailId} className="font-bold break-all">
          {account.email}
        </span>
        {me && (
          <span className="ml-2 rounded-full border border-border px-2 py-0.5 text-xs font-semibold">
            {STAFF_MESSAGES.you}
          </span>
        )}
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className={cellLabel}>{STAFF_MESSAGES.created}</dt>
          <dd>
            <time dateTime={account.createdAt}>{ukTime(account.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className={cellLabel}>{STAFF_ROLE_TEXTS.role}</dt>
          <dd data-testid="staff-role">{ROLE_LABELS[account.role]}</dd>
        </div>
        <div>
          <dt className={cellLabel}>{STAFF_MESSAGES.lastSignIn}</dt>
          <dd>
            {account.lastSignInAt ? (
              <time dateTime={account.lastSignInAt}>{ukTime(account.lastSignInAt)}</time>
            ) : (
              STAFF_MESSAGES.neverSignedIn
            )}
          </dd>
        </div>
      </dl>
      {!me && <RoleForm account={account} emailId={emailId} />}
      {!me && <EndSessionsForm account={account} emailId={emailId} />}
      {!me && (
        <button
          type="button"
          className="btn btn-danger ml-auto"
          aria-describedby={emailId}
          onClick={() => onRemove(account)}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          {STAFF_MESSAGES.remove}
        </button>
      )}
    </li>
  );
}

/** 'Staff': every account, the invitations waiting, invite and remove. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { me, accounts, invites } = loaderData;
  const remover = useFetcher<typeof action>();
  const { add } = useMessages();
  const [removing, setRemoving] = useState<StaffAccount>();
  const [withdrawing, setWithdrawing] = useState<StaffInvite>();
  const busy = remover.state !== "idle";
  useAnswerMessages(remover, add);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className={pageHeadingClass}>{STAFF_MESSAGES.heading}</h1>
          {busy && <Loading />}
        </div>
        <p className="text-muted">{STAFF_MESSAGES.intro}</p>
      </header>
      <InviteForm />
      <section aria-labelledby="staff-accounts" className="flex flex-col gap-3">
        <h2 id="staff-accounts" className="h-card">
          {STAFF_MESSAGES.accounts}
        </h2>
        <ul className="flex flex-col gap-3" aria-busy={busy}>
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              me={account.id === me}
              onRemove={(a) => !busy && setRemoving(a)}
            />
          ))}
        </ul>
      </section>
      {invites.length > 0 && (
        <section aria-labelledby="staff-invites" className="flex flex-col gap-3">
          <h2 id="staff-invites" className="h-card">
            {STAFF_MESSAGES.invites}
          </h2>
          <ul className="flex flex-col gap-2">
            {invites.map((invite) => (
              <li key={invite.id} className="card flex flex-wrap items-center gap-x-6 gap-y-1 p-4">
                <span id={`invite-${invite.id}`} className="min-w-0 flex-1 font-semibold break-all">
                  {invite.email}
                </span>
                <span className="text-sm text-muted">
                  {STAFF_MESSAGES.expires}{" "}
                  <time dateTime={invite.expiresAt} className="text-text">
                    {ukTime(invite.expiresAt)}
                  </time>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-describedby={`invite-${invite.id}`}
                  onClick={() => !busy && setWithdrawing(invite)}
                >
                  <Undo2 aria-hidden="true" className="size-5" />
                  {STAFF_MESSAGES.withdraw}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={STAFF_MESSAGES.removeTitle}
        message={STAFF_MESSAGES.removeMessage(removing?.email ?? "")}
        confirmLabel={STAFF_MESSAGES.remove}
        busy={busy}
        onCancel={() => setRemoving(undefined)}
        onConfirm={async () => {
          if (removing) await remover.submit({ intent: "remove", id: removing.id }, { method: "post" });
          setRemoving(undefined);
        }}
      />
      <ConfirmDialog
        open={withdrawing !== undefined}
        title={STAFF_MESSAGES.withdrawTitle}
        message={STAFF_MESSAGES.withdrawMessage(withdrawing?.email ?? "")}
        confirmLabel={STAFF_MESSAGES.withdraw}
        busy={busy}
        onCancel={() => setWithdrawing(undefined)}
        onConfirm={async () => {
          if (withdrawing)
            await remover.submit({ intent: "withdraw", id: withdrawing.id }, { method: "post" });
          setWithdrawing(undefined);
        }}
      />
    </div>
  );
}
