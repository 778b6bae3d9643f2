import {
  type MissingPath,
  REDIRECT_LIMITS,
  REDIRECT_STATUSES,
  type Redirect,
  REDIRECT_TEXTS as T,
} from "@common/content/redirects";
import { Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { SelectField, TextField } from "~/components/admin/Field";
import { pageHeadingClass } from "~/components/admin/styles";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { redirectsAction, redirectsScreen } from "~/lib/content/redirects.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/redirects";

export const meta = adminMeta(T.heading);
export const headers = adminHeaders;

/** 'Redirects' (Owner and Editor): the redirects, the form that adds one and the 404 log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  return redirectsScreen(context, admin, new URL(request.url));
}

/** 'Add redirect' and 'Remove redirect', without JavaScript as with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  return redirectsAction(context, await request.formData(), admin);
}

const FORM_ID = "add-redirect";

function RemoveButton({ redirect }: { redirect: Redirect }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={redirect.id} />
      <button
        type="submit"
        className="btn btn-outline text-[var(--color-danger)]"
        aria-label={T.removeLabel(redirect.from)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {T.remove}
      </button>
    </Form>
  );
}

const redirectColumns: Array<Column<Redirect>> = [
  { id: "from", header: T.from, rowHeader: true, className: "break-all", cell: (r) => r.from },
  { id: "to", header: T.to, className: "break-all", cell: (r) => r.to ?? "" },
  { id: "type", header: T.type, className: "whitespace-nowrap", cell: (r) => T.statusLabels[r.status] },
  {
    id: "added",
    header: T.added,
    cell: (r) => (
      <>
        <span className="whitespace-nowrap">{ukTime(r.createdAt)}</span>
        {r.createdBy ? <span className="block text-muted">{r.createdBy}</span> : null}
      </>
    ),
  },
  { id: "remove", header: T.remove, cell: (r) => <RemoveButton redirect={r} /> },
];

const logColumns: Array<Column<MissingPath>> = [
  { id: "path", header: T.path, rowHeader: true, className: "break-all", cell: (m) => m.path },
  { id: "day", header: T.day, className: "whitespace-nowrap", cell: (m) => m.day },
  { id: "count", header: T.count, numeric: true, cell: (m) => m.count.toLocaleString("en-GB") },
  { id: "seen", header: T.lastSeen, className: "whitespace-nowrap", cell: (m) => ukTime(m.lastSeen) },
  { id: "referrer", header: T.referrer, className: "break-all", cell: (m) => m.referrer || T.noReferrer },
  {
    id: "create",
    header: T.createRedirect,
    cell: (m) => (
      <Link
        to={`?from=${encodeURIComponent(m.path)}#${FORM_ID}`}
        className="link whitespace-nowrap font-semibold"
        aria-label={T.createRedirectLabel(m.path)}
      >
        {T.createRedirect}
      </Link>
    ),
  },
];

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = useSettledAnswer(actionData) as
    | { ok: true; message?: string }
    | { ok: false; error: string; fieldErrors?: Record<string, string> }
    | undefined;
  const fieldError = (name: string) => (answer && !answer.ok ? answer.fieldErrors?.[name] : undefined);
  const { log } = loaderData;
  const pages = Math.max(1, Math.ceil(log.total / log.limit));
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{T.heading}</h1>
      <p className="max-w-prose text-muted">{T.intro}</p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : (
          answer?.message
        )}
      </p>

      <Form
        method="post"
        id={FORM_ID}
        // A row's 'Create redirect' fills From in: a new form for each path asked.
        key={loaderData.from}
        className="card flex flex-col gap-4"
        aria-labelledby="redirect-add-heading"
      >
        <h2 id="redirect-add-heading" className="h-card">
          {T.addHeading}
        </h2>
        <input type="hidden" name="intent" value="add" />
        <TextField
          id="redirect-from"
          label={T.from}
          hint={T.fromHint}
          error={fieldError("from")}
          name="from"
          type="text"
          required
          defaultValue={loaderData.from}
          maxLength={REDIRECT_LIMITS.maxPathLength}
          className="w-full max-w-xl"
        />
        <TextField
          id="redirect-to"
          label={T.to}
          hint={T.toHint}
          error={fieldError("to")}
          name="to"
          type="text"
          maxLength={REDIRECT_LIMITS.maxUrlLength}
          className="w-full max-w-xl"
        />
        <SelectField
          id="redirect-status"
          label={T.type}
          error={fieldError("status")}
          name="status"
          defaultValue="301"
          className="w-full max-w-xs"
        >
          {REDIRECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {T.statusLabels[status]}
            </option>
          ))}
        </SelectField>
        <div>
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            <Plus aria-hidden="true" className="size-5" />
            {T.add}
          </button>
        </div>
      </Form>

      <DataTable
        caption={T.tableCaption}
        columns={redirectColumns}
        rows={loaderData.redirects}
        rowKey={(r) => r.id}
        empty={T.empty}
      />

      <section className="flex flex-col gap-3" aria-labelledby="not-found-heading">
        <h2 id="not-found-heading" className="h-card">
          {T.logHeading}
        </h2>
        <p className="max-w-prose text-sm text-muted">{T.logIntro}</p>
        <DataTable
          caption={T.logCaption}
          columns={logColumns}
          rows={log.rows}
          rowKey={(m) => `${m.day} ${m.path}`}
          empty={T.logEmpty}
        />
        {pages > 1 ? (
          <nav aria-label={T.logPages} className="flex items-center gap-4 text-sm">
            {log.page > 1 ? (
              <Link className="link" to={`?page=${log.page - 1}`}>
                {T.previousPage}
              </Link>
            ) : null}
            <span>{T.pageOf(log.page, pages)}</span>
            {log.page < pages ? (
              <Link className="link" to={`?page=${log.page + 1}`}>
                {T.nextPage}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </article>
  );
}
