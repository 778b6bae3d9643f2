import { TABLE_MESSAGES } from "@common/admin-messages";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  type AuditQuery,
  auditQuerySchema,
  auditQueryValues,
} from "@common/audit";
import { Filter } from "lucide-react";
import { Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { SelectField, TextField } from "~/components/admin/Field";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/audit";

export const meta = adminMeta(AUDIT_MESSAGES.title);
export const headers = adminHeaders;

/** 'Audit log': who did what in the admin (Owner only: the "security" permission). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "security");
  const params = new URL(request.url).searchParams;
  const parsed = auditQuerySchema.safeParse(auditQueryValues(params));
  // A filter that does not parse shows the whole log with a note, never an error page.
  const query: AuditQuery = parsed.success ? parsed.data : {};
  const { audit } = context.services;
  const [page, people] = await Promise.all([audit.list(query), audit.people()]);
  const filtered = Boolean(query.action || query.person || query.from || query.to);
  return { ...page, people, query, filtered, invalid: !parsed.success };
}

type AuditEvent = Route.ComponentProps["loaderData"]["events"][number];

const COLUMNS: Array<Column<AuditEvent>> = [
  {
    id: "when",
    header: AUDIT_MESSAGES.when,
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (event) => <time dateTime={event.at}>{ukTime(event.at)}</time>,
  },
  {
    id: "who",
    header: AUDIT_MESSAGES.who,
    className: "break-all",
    cell: (event) => event.actorEmail || AUDIT_MESSAGES.unknownActor,
  },
  { id: "what", header: AUDIT_MESSAGES.what, cell: (event) => AUDIT_ACTION_LABELS[event.action] },
  {
    id: "target",
    header: AUDIT_MESSAGES.target,
    className: "break-words",
    cell: (event) => event.targetLabel ?? "",
  },
  { id: "ip", header: AUDIT_MESSAGES.ip, className: "whitespace-nowrap", cell: (event) => event.ip ?? "" },
];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { events, next, people, query, filtered, invalid } = loaderData;
  const olderLink = () => {
    const params = new URLSearchParams(
      Object.entries({ ...query, before: next ?? "" }).flatMap(([k, v]) =>
        v === undefined || v === "" ? [] : [[k, String(v)]],
      ),
    );
    return `?${params}`;
  };
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>{AUDIT_MESSAGES.title}</h1>
      <p className="max-w-prose text-muted">{AUDIT_MESSAGES.intro}</p>
      <Form method="get" className="card flex flex-wrap items-end gap-4" aria-labelledby="audit-filters">
        <h2 id="audit-filters" className="h-card basis-full">
          {AUDIT_MESSAGES.filters}
        </h2>
        <SelectField
          id="audit-action"
          label={AUDIT_MESSAGES.action}
          name="action"
          defaultValue={query.action ?? ""}
        >
          <option value="">{AUDIT_MESSAGES.anyAction}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <TextField
          id="audit-person"
          label={AUDIT_MESSAGES.person}
          name="person"
          type="email"
          list="audit-people"
          defaultValue={query.person ?? ""}
        />
        <datalist id="audit-people">
          {people.map((email) => (
            <option key={email} value={email} />
          ))}
        </datalist>
        <TextField
          id="audit-from"
          label={AUDIT_MESSAGES.from}
          name="from"
          type="date"
          defaultValue={query.from ?? ""}
        />
        <TextField
          id="audit-to"
          label={AUDIT_MESSAGES.to}
          name="to"
          type="date"
          defaultValue={query.to ?? ""}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary">
            <Filter aria-hidden="true" className="size-5" />
            {AUDIT_MESSAGES.apply}
          </button>
          {filtered && (
            <Link to="?" className="underline">
              {AUDIT_MESSAGES.clear}
            </Link>
          )}
        </div>
        {invalid && (
          <p role="status" className="basis-full font-semibold text-[var(--color-danger)]">
            {AUDIT_MESSAGES.invalidQuery}
          </p>
        )}
      </Form>
      <DataTable
        caption={AUDIT_MESSAGES.caption}
        label={TABLE_MESSAGES.region(AUDIT_MESSAGES.title)}
        columns={COLUMNS}
        rows={events}
        rowKey={(event) => event.id}
        empty={filtered ? AUDIT_MESSAGES.empty : AUDIT_MESSAGES.emptyAll}
      />
      <nav aria-label={AUDIT_MESSAGES.title} className="flex flex-wrap gap-4">
        {query.before && (
          <Link
            to={`?${new URLSearchParams(Object.entries({ ...query, before: "" }).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])))}`}
            className="underline"
          >
            {AUDIT_MESSAGES.newest}
          </Link>
        )}
        {next && (
          <Link to={olderLink()} className="underline">
            {AUDIT_MESSAGES.older}
          </Link>
        )}
      </nav>
    </article>
  );
}
