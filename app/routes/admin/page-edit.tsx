import { SITE_CONTENT_MESSAGES } from "@common/site-content/messages";
import { isPageDocumentKey, PAGE_DOCUMENTS } from "@common/site-content/page-documents";
import { SITE_DOCUMENT_TEXTS, PAGE_CONTENT_TEXTS as T } from "@common/site-content/page-messages";
import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { BackLink } from "~/components/admin/BackLink";
import {
  DocumentActions,
  DocumentStatus,
  RevisionList,
} from "~/components/admin/site-content/DocumentActions";
import { DocumentFields, fieldId } from "~/components/admin/site-content/DocumentFields";
import { pageHeadingClass } from "~/components/admin/styles";
import { ErrorSummary } from "~/components/enquiry/FormParts";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { requireAdmin } from "~/lib/admin-session.server";
import { siteDocumentAction } from "~/lib/site-document-action.server";
import { withValueAt } from "~/lib/site-document-form";
import type { Route } from "./+types/page-edit";

export const meta = adminMeta("Edit page");
export const headers = adminHeaders;

/** How long after the last keystroke the draft saves itself. */
const AUTOSAVE_MS = 2000;

function documentOf(key: string | undefined) {
  if (!key || !isPageDocumentKey(key)) throw data(SITE_CONTENT_MESSAGES.unknownDocument, { status: 404 });
  return key;
}

/** The document's state (its draft with each field's problem) and its revisions. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "site");
  const key = documentOf(params.key);
  const site = context.services.siteContent;
  const [state, revisions] = await Promise.all([site.state(key, admin), site.revisions(key, admin)]);
  return { key, state, revisions };
}

/** Save, autosave, preview, publish, schedule, cancel the schedule, restore (site-document-action.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "site");
  const key = documentOf(params.key);
  const { fields, preview } = PAGE_DOCUMENTS[key];
  return siteDocumentAction(key, fields, preview, await request.formData(), context, admin);
}

/** An action's answer as the screen reads it. */
type Settled =
  | { ok: true; message?: string; state: Route.ComponentProps["loaderData"]["state"] }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
    };
const answerOf = (answer: unknown) => answer as Settled | undefined;

/**
 * One page's words: the editor drawn from its field description, each field's message beside it
 * and in the summary, Save draft (and autosave while typing), Preview on the public page,
 * Publish now or at a time, and the revisions to restore. A colleague's save since this was
 * opened is refused with their name: nothing of theirs is overwritten.
 */
export default function AdminPageEdit({ loaderData }: Route.ComponentProps) {
  const { key, state, revisions } = loaderData;
  const { fields, label } = PAGE_DOCUMENTS[key];
  const answer = answerOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const autosave = useFetcher<typeof action>();
  const autosaved = answerOf(autosave.data);
  const [value, setValue] = useState<unknown>(state.draft);
  const [edited, setEdited] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // A deliberate action's answer is the draft as the server keeps it now (new pictures' ids, a restored revision).
  useEffect(() => {
    if (answer?.ok) {
      setValue(answer.state.draft);
      setFormKey((k) => k + 1);
    }
  }, [answer]);

  const version = Math.max(
    state.version,
    answer?.ok ? answer.state.version : 0,
    autosaved?.ok ? autosaved.state.version : 0,
  );

  // Autosave: the form as typed (no files: a picture is sent once, by a deliberate save).
  useEffect(() => {
    if (!edited) return;
    const timer = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      for (const name of [...form.keys()]) if (name.endsWith(".file")) form.delete(name);
      form.set("intent", "autosave");
      autosave.submit(form, { method: "post", encType: "multipart/form-data" });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edited, autosave.submit]);

  const refusal = !answer?.ok ? answer : autosaved && !autosaved.ok ? autosaved : undefined;
  const errors: Record<string, string> = refusal?.fieldErrors ?? {};
  const summary = Object.entries(errors).map(([path, message]): [string, string] => [
    path === "at" ? "field-at" : fieldId(path),
    message,
  ]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <BackLink to="/admin/dashboard/pages" />
      <div>
        <h1 className={pageHeadingClass}>{T.edit(label)}</h1>
        <div className="mt-2">
          <DocumentStatus state={answer?.ok ? answer.state : state} />
        </div>
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        {answer?.ok && answer.message && <p className="card font-semibold">{answer.message}</p>}
        {autosave.state === "idle" && autosaved?.ok && (
          <p className="text-sm text-muted">{SITE_DOCUMENT_TEXTS.autosaved}</p>
        )}
        {refusal && !refusal.fieldErrors && (
          <p role="alert" className="card font-semibold text-[var(--color-danger)]">
            {refusal.error}
          </p>
        )}
      </div>
      <ErrorSummary id="document-errors" errors={summary} level={2} />
      <Form
        key={formKey}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-6"
        noValidate
      >
        <input type="hidden" name="baseVersion" value={version} />
        <DocumentFields
          fields={fields}
          value={value}
          errors={errors}
          onChange={(path, next) => {
            setValue((current: unknown) => withValueAt(current, path, next));
            setEdited((n) => n + 1);
          }}
        />
        <DocumentActions state={answer?.ok ? answer.state : state} busy={busy} />
      </Form>
      <RevisionList revisions={revisions} busy={busy} />
    </div>
  );
}
