import { SITE_DOCUMENT_TEXTS } from "@common/content/site-content/page-messages";
import type { SiteDocumentRevision, SiteDocumentState } from "@common/content/site-content/registry";
import type { ReactNode } from "react";
import { Form, useActionData } from "react-router";
import { BackLink } from "~/components/admin/BackLink";
import { pageHeadingClass } from "~/components/admin/styles";
import { ErrorSummary } from "~/components/enquiry/FormParts";
import { useDraftAutosave } from "~/lib/content/draft-autosave";
import { siteDocumentTabKey } from "~/lib/content/site-document-draft";
import { DocumentActions, DocumentStatus, RevisionList } from "./DocumentActions";

const T = SITE_DOCUMENT_TEXTS;

import { fieldId } from "./DocumentFields";

/** A site document action's answer (site-document-action.server.ts) as the screen reads it. */
type Settled =
  | { ok: true; message?: string; state: SiteDocumentState }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };
const answerOf = (answer: unknown) => answer as Settled | undefined;

/** What a document's own fields are given: the document as typed, each field's message, the setter. */
export interface DocumentFieldsProps {
  value: unknown;
  errors: Record<string, string>;
  onChange(path: string, value: unknown): void;
}

/**
 * Every site document's editor screen (the site details' and each page's words): its heading and
 * status, the action's message, a refusal (a colleague's save since: their name, nothing of theirs
 * overwritten), GOV.UK's summary of each field's message, the document's own fields (`children`:
 * controls named by their dotted paths, so the form posts the document, JavaScript or not),
 * autosave while typing ("Saving…" / "Saved" in a status), the publishing buttons
 * (DocumentActions) and the revisions to restore. No word is lost: what is not confirmed by the
 * server is kept in the tab (site-document-draft.ts) and brought back after a reload with a
 * notice, and a save's answer never overwrites a field changed since the save was sent
 * (the rule is draft-autosave.ts's, shared with the pages from blocks). The route's action is site-document-action.server.ts's.
 */
export function DocumentEditor({
  state,
  revisions,
  heading,
  backTo,
  children,
}: {
  state: SiteDocumentState;
  revisions: SiteDocumentRevision[];
  heading: string;
  backTo: string;
  children(props: DocumentFieldsProps): ReactNode;
}) {
  const answer = answerOf(useActionData());
  const draft = useDraftAutosave<Settled>({
    tabKey: siteDocumentTabKey(state.key),
    saved: state,
    savedOf: (accepted) => accepted.state,
  });
  const { value, version, formRef, busy, restored, refusal } = draft;
  const saveStatus = draft.saveStatus === "saving" ? T.saving : draft.saveStatus === "saved" ? T.saved : "";

  const errors: Record<string, string> = refusal?.fieldErrors ?? {};
  const summary = Object.entries(errors).map(([path, message]): [string, string] => [
    path === "at" ? "field-at" : fieldId(path),
    message,
  ]);
  const shown = answer?.ok ? answer.state : state;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <BackLink to={backTo} />
      <div>
        <h1 className={pageHeadingClass}>{heading}</h1>
        <div className="mt-2">
          <DocumentStatus state={shown} />
        </div>
      </div>
      <p role="status" id="document-save-status" className="min-h-5 text-sm text-muted">
        {saveStatus}
      </p>
      <div aria-live="polite" className="flex flex-col gap-2">
        {restored && <p className="card font-semibold">{T.restoredFromTab}</p>}
        {answer?.ok && answer.message && <p className="card font-semibold">{answer.message}</p>}
        {refusal && !refusal.fieldErrors && (
          <p role="alert" className="card font-semibold text-[var(--color-danger)]">
            {refusal.error}
          </p>
        )}
      </div>
      <ErrorSummary id="document-errors" errors={summary} level={2} />
      <Form
        ref={formRef}
        onChange={draft.onFormChange}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-6"
        noValidate
      >
        <input type="hidden" name="baseVersion" value={version} />
        {children({
          value,
          errors,
          onChange: draft.change,
        })}
        <DocumentActions state={shown} busy={busy} />
      </Form>
      <RevisionList revisions={revisions} busy={busy} />
    </div>
  );
}
