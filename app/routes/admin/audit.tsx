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
import { SelectField, TextField } from "~/components/admin/Field";
import { Scroller } from "~/components/admin/insights/Scroller";
import { pageHeadingClass } from "~/components/admin/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/admin-session.server";
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
      {events.length === 0 ? (
        <p className="card">{filtered ? AUDIT_MESSAGES.empty : AUDIT_MESSAGES.emptyAll}</p>
      ) : (
        <Scroller label={AUDIT_MESSAGES.title}>
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">{AUDIT_MESSAGES.caption}</caption>
            <thead>
              <tr className="border-b border-border text-muted">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {AUDIT_MESSAGES.when}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {AUDIT_MESSAGES.who}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {AUDIT_MESSAGES.what}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {AUDIT_MESSAGES.target}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {AUDIT_MESSAGES.ip}
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id} className="border-b border-border/60 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                    <time dateTime={event.at}>{ukTime(event.at)}</time>
                  </th>
                  <td className="py-2 pr-3 break-all">{event.actorEmail || AUDIT_MESSAGES.unknownActor}</td>
                  <td className="py-2 pr-3">{AUDIT_ACTION_LABELS[event.action]}</td>
                  <td className="py-2 pr-3 break-words">{event.targetLabel ?? ""}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{event.ip ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroller>
      )}
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
