import { ADMIN_MESSAGES, INBOX_MESSAGES, LEAD_MESSAGES } from "@common/admin-messages";
import { isDomainError } from "@common/errors";
import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { enquiryRows } from "@common/leads/enquiries";
import {
  assignInputSchema,
  enquiryStatusInputSchema,
  enquiryVisitor,
  noteInputSchema,
  replyInputSchema,
} from "@common/leads/enquiry-inbox";
import { KIND_LABELS, STATUS_LABELS } from "@common/leads/enquiry-labels";
import { STAFF_ENQUIRY_STATUSES } from "@common/leads/enquiry-terms";
import { ArrowLeft, Mail, Phone, Save } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { Loading } from "~/components/admin/Loading";
import { Assignment, Notes, Reply, Timeline } from "~/components/admin/leads/enquiries/LeadDesk";
import { LeadSourceCard } from "~/components/admin/leads/enquiries/LeadSource";
import { MailDelivery } from "~/components/admin/leads/enquiries/MailDelivery";
import { SpamReasons } from "~/components/admin/leads/enquiries/SpamReasons";
import { StatusBadge } from "~/components/admin/leads/enquiries/StatusBadge";
import { QuotesPanel, StagePanel } from "~/components/admin/pipeline/PipelinePanels";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { pageHeadingClass } from "~/components/admin/styles";
import { inputClass } from "~/components/enquiry/styles";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { done, foundOrNull, invalidInput, refused } from "~/lib/domain-errors.server";
import { INBOX_PATH } from "~/lib/leads/enquiry-inbox";
import { pipelineAction, pipelineOf } from "~/lib/pipeline/enquiry-pipeline.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/enquiry-detail";

export const meta = adminMeta("Enquiry");
export const headers = adminHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const enquiry = await foundOrNull(context.services.enquiries.get(params.id));
  if (!enquiry) throw data(INBOX_MESSAGES.notFound, { status: 404 });
  const accounts = await context.services.accounts.list();
  // The pipeline (issue 49): the enquiry's quotes and the lost reasons offered.
  const pipeline = await pipelineOf(context, admin, enquiry._id);
  return { enquiry, me: admin.id, colleagues: accounts.map(({ id, email }) => ({ id, email })), pipeline };
}

/**
 * The status (saved on change, or by 'Save status'), 'Retry now', notes and 'Assigned to', each
 * recorded in the timeline by the service. Answers the screen kit's shapes: input a rule refuses is
 * 400 with every field's message; a refusal shows its message with the domain error's own status
 * (an erased enquiry's note 409, too many replies 429…); an enquiry that has gone shows the page's
 * 'Enquiry not found'.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  const form = await request.formData();
  const inbox = context.services.enquiries;
  const intent = form.get("intent");
  try {
    const pipelineAnswer = await pipelineAction(intent, form, context, admin, params.id);
    if (pipelineAnswer) return pipelineAnswer;
    if (intent === "retry") {
      await inbox.retryMail(params.id);
      return done({ message: INBOX_MESSAGES.retryQueued });
    }
    if (intent === "note" || intent === "edit-note") {
      const parsed = noteInputSchema.safeParse({ text: form.get("text") ?? undefined });
      if (!parsed.success) return invalidInput(parsed.error.issues);
      if (intent === "note") await inbox.addNote(params.id, parsed.data.text, admin);
      else await inbox.editNote(params.id, String(form.get("noteId") ?? ""), parsed.data.text, admin);
      return done({ message: intent === "note" ? LEAD_MESSAGES.noteAdded : LEAD_MESSAGES.noteSaved });
    }
    if (intent === "reply") {
      const parsed = replyInputSchema.safeParse({ text: form.get("text") ?? undefined });
      if (!parsed.success) return invalidInput(parsed.error.issues);
      await inbox.reply(params.id, parsed.data.text, admin);
      return done({ message: LEAD_MESSAGES.replyQueued });
    }
    if (intent === "assign") {
      const parsed = assignInputSchema.safeParse({ assignee: form.get("assignee") ?? "" });
      if (!parsed.success) return invalidInput(parsed.error.issues);
      await inbox.assign(params.id, parsed.data.assignee, admin);
      return done({ message: LEAD_MESSAGES.assignSaved });
    }
    const parsed = enquiryStatusInputSchema.safeParse({ status: form.get("status") });
    if (!parsed.success) return invalidInput(parsed.error.issues);
    await inbox.setStatus(params.id, parsed.data.status, admin);
    return done({ message: INBOX_MESSAGES.statusSaved });
  } catch (error) {
    if (isDomainError(error, "NotFound") && error.message === INBOX_MESSAGES.notFound)
      throw data(error.message, { status: 404 });
    return refused(error);
  }
}

/** The list's filter and page travel in this page's query string: 'Back' returns to them. */
function BackToInbox() {
  const { search } = useLocation();
  return (
    <Link to={`${INBOX_PATH}${search}`} className="btn btn-ghost self-start">
      <ArrowLeft aria-hidden="true" className="size-5" />
      {INBOX_MESSAGES.back}
    </Link>
  );
}

/** An unknown enquiry (or a failed load) inside the dashboard, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A role without enquiries: the refusal's own message (common/staff/roles.ts), never the enquiry.
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="flex flex-col gap-6">
      <BackToInbox />
      <h1 className={pageHeadingClass}>
        {refused ? String(error.data) : missing ? INBOX_MESSAGES.notFound : ADMIN_MESSAGES.callFailed}
      </h1>
    </div>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function EnquiryDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, me, colleagues, pipeline } = loaderData;
  const visitor = enquiryVisitor(enquiry.kind, enquiry.fields);
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const spam = enquiry.status === "spam";

  return (
    <article className="flex flex-col gap-6">
      <BackToInbox />
      <header className="flex flex-col gap-2">
        <h1 className={`break-words ${pageHeadingClass}`}>
          {INBOX_MESSAGES.from(KIND_LABELS[enquiry.kind], visitor.name)}
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-muted">
          <span>
            {INBOX_MESSAGES.received}{" "}
            <time dateTime={enquiry.createdAt} className="font-semibold text-text">
              {ukTime(enquiry.createdAt)}
            </time>
          </span>
          <StatusBadge status={enquiry.status} />
          <span>
            {REFERENCE_TEXT.label} <strong className="font-mono text-text">{enquiry.reference}</strong>
          </span>
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {visitor.email && (
            <a href={`mailto:${visitor.email}`} className="btn btn-primary min-w-0">
              <Mail aria-hidden="true" className="size-5 shrink-0" />
              <span className="truncate">
                {INBOX_MESSAGES.emailVisitor} {visitor.email}
              </span>
            </a>
          )}
          {visitor.phone && (
            <a href={telHref(visitor.phone)} className="btn btn-ghost">
              <Phone aria-hidden="true" className="size-5" />
              {INBOX_MESSAGES.callVisitor} {visitor.phone}
            </a>
          )}
        </div>
        <div className="min-h-7" aria-live="polite">
          {busy ? (
            <Loading />
          ) : actionData && "error" in actionData ? (
            <p className="font-semibold text-[var(--color-danger)]">{actionData.error}</p>
          ) : (
            actionData && <p className="font-semibold text-brand">{actionData.message}</p>
          )}
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="card" aria-labelledby="enquiry-details">
          <h2 id="enquiry-details" className="h-card">
            {INBOX_MESSAGES.details}
          </h2>
          <dl className="mt-3 flex flex-col gap-3">
            {enquiryRows(enquiry.kind, enquiry.fields).map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm font-semibold text-muted">{label}</dt>
                <dd className="break-words whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="flex flex-col gap-6">
          {spam && <SpamReasons reasons={enquiry.spamReasons} busy={busy} />}
          <section className="card" aria-labelledby="enquiry-status-label">
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="status" />
              <div className="flex min-w-40 flex-1 flex-col gap-2">
                <label id="enquiry-status-label" htmlFor="enquiry-status" className="h-card">
                  {INBOX_MESSAGES.status}
                </label>
                {spam && <p className="text-sm text-muted">{INBOX_MESSAGES.spamNote}</p>}
                <select
                  id="enquiry-status"
                  name="status"
                  key={enquiry.status}
                  defaultValue={spam ? "new" : enquiry.status}
                  // Saved as soon as it is chosen: leaving the page never loses a choice. The
                  // button stays for the page without JavaScript.
                  onChange={(event) => submit(event.currentTarget.form)}
                  className={`${inputClass} h-11`}
                >
                  {STAFF_ENQUIRY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              <SubmitButton busy={busy} icon={Save}>
                {INBOX_MESSAGES.saveStatus}
              </SubmitButton>
            </Form>
            <p className="mt-3 text-sm text-muted">
              {enquiry.statusChangedAt
                ? INBOX_MESSAGES.statusChanged(ukTime(enquiry.statusChangedAt))
                : INBOX_MESSAGES.statusNeverChanged}
            </p>
          </section>

          {!spam && <StagePanel stage={enquiry.stage} reasons={pipeline.reasons} busy={busy} />}

          <Assignment assignedTo={enquiry.assignedTo} colleagues={colleagues} busy={busy} />

          <section className="card" aria-labelledby="enquiry-mail">
            <h2 id="enquiry-mail" className="h-card">
              {INBOX_MESSAGES.mail}
            </h2>
            <MailDelivery mail={enquiry.mail} busy={busy} />
          </section>

          <LeadSourceCard source={enquiry.source} />
        </div>
      </div>

      {!spam && <QuotesPanel quotes={pipeline.quotes} services={pipeline.services} busy={busy} />}
      {visitor.email && <Reply busy={busy} count={enquiry.timeline.length} to={visitor.email} />}
      <Notes busy={busy} count={enquiry.timeline.length} />
      <Timeline entries={enquiry.timeline} me={me} busy={busy} />
    </article>
  );
}
