import { SITE_CONTENT_TEXTS } from "@common/content/site-content/messages";
import { SITE_DOCUMENT_TEXTS } from "@common/content/site-content/page-messages";
import type { SiteDocumentRevision, SiteDocumentState } from "@common/content/site-content/registry";
import { Eye, History, Save, Send } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { londonLocal } from "~/lib/content/blog-schedule";
import { ukTime } from "~/lib/uk-time";

const T = SITE_DOCUMENT_TEXTS;

/** Where the document stands: published when, unpublished changes, the schedule, who saved last. */
export function DocumentStatus({ state }: { state: SiteDocumentState }) {
  return (
    <ul id="document-status" className="flex flex-col gap-1 text-sm text-muted">
      <li>{state.publishedAt ? T.published(ukTime(state.publishedAt)) : T.neverPublished}</li>
      {state.unpublishedChanges && <li className="font-semibold text-text">{T.unpublished}</li>}
      {state.publishAt && <li className="font-semibold text-text">{T.scheduled(ukTime(state.publishAt))}</li>}
      {state.updatedBy && state.updatedAt && <li>{T.savedBy(state.updatedBy, ukTime(state.updatedAt))}</li>}
    </ul>
  );
}

/**
 * The buttons of a site document's form (inside it: each posts the whole form with its `intent`):
 * Save draft, Preview, Publish, and Schedule at a UK time (Cancel schedule when one is set).
 */
export function DocumentActions({ state, busy }: { state: SiteDocumentState; busy: boolean }) {
  const guard = (event: { preventDefault(): void }) => busy && event.preventDefault();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn btn-ghost"
          aria-disabled={busy}
          onClick={guard}
        >
          <Save aria-hidden="true" className="size-5" />
          {T.saveDraft}
        </button>
        <button
          type="submit"
          name="intent"
          value="preview"
          className="btn btn-ghost"
          aria-disabled={busy}
          onClick={guard}
        >
          <Eye aria-hidden="true" className="size-5" />
          {T.preview}
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          className="btn btn-primary"
          aria-disabled={busy}
          onClick={guard}
        >
          <Send aria-hidden="true" className="size-5" />
          {T.publish}
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="field-at" className="font-semibold">
            {T.scheduleAt}
          </label>
          <input
            id="field-at"
            name="at"
            type="datetime-local"
            className="h-11 rounded-md border border-border bg-bg px-3"
            defaultValue={state.publishAt ? londonLocal(new Date(state.publishAt)) : ""}
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="schedule"
          className="btn btn-ghost"
          aria-disabled={busy}
          onClick={guard}
        >
          {T.schedule}
        </button>
        {state.publishAt && (
          <button
            type="submit"
            name="intent"
            value="cancel-schedule"
            className="btn btn-ghost"
            aria-disabled={busy}
            onClick={guard}
          >
            {T.cancelSchedule}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The document's revisions, newest first, each with Restore (it becomes the draft), asked first in
 * a `role="alertdialog"` (without JavaScript the button posts at once).
 */
export function RevisionList({ revisions, busy }: { revisions: SiteDocumentRevision[]; busy: boolean }) {
  const [restoring, setRestoring] = useState<SiteDocumentRevision | null>(null);
  const submit = useSubmit();
  return (
    <section aria-labelledby="revisions-title" className="card flex flex-col gap-3">
      <h2 id="revisions-title" className="flex items-center gap-2 text-lg font-bold">
        <History aria-hidden="true" className="size-5" />
        {T.revisions}
      </h2>
      {revisions.length === 0 ? (
        <p className="text-sm text-muted">{T.noRevisions}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {revisions.map((revision) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {T.reasons[revision.reason]} · {ukTime(revision.savedAt)} · {revision.savedBy}
              </span>
              <Form method="post">
                <input type="hidden" name="revisionId" value={revision.id} />
                <button
                  type="submit"
                  name="intent"
                  value="restore"
                  className="btn btn-ghost text-sm"
                  aria-disabled={busy}
                  aria-label={`${T.restore}: ${T.reasons[revision.reason]} ${ukTime(revision.savedAt)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    if (!busy) setRestoring(revision);
                  }}
                >
                  {T.restore}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={SITE_CONTENT_TEXTS.restoreTitle}
        message={SITE_CONTENT_TEXTS.restoreMessage(restoring ? ukTime(restoring.savedAt) : "")}
        confirmLabel={T.restore}
        busy={busy}
        onConfirm={() => {
          if (restoring) void submit({ intent: "restore", revisionId: restoring.id }, { method: "post" });
          setRestoring(null);
        }}
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}
