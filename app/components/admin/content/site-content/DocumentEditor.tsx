import { SITE_DOCUMENT_TEXTS } from "@common/content/site-content/page-messages";
import type { SiteDocumentRevision, SiteDocumentState } from "@common/content/site-content/registry";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { BackLink } from "~/components/admin/BackLink";
import { pageHeadingClass } from "~/components/admin/styles";
import { ErrorSummary } from "~/components/enquiry/FormParts";
import {
  clearTab,
  keepInTab,
  keptInTab,
  sameDocument,
  settledDraft,
} from "~/lib/content/site-document-draft";
import { withValueAt } from "~/lib/content/site-document-form";
import { DocumentActions, DocumentStatus, RevisionList } from "./DocumentActions";

const T = SITE_DOCUMENT_TEXTS;

import { fieldId } from "./DocumentFields";

/** How long after the last keystroke the draft saves itself. */
const AUTOSAVE_MS = 2000;

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
 * notice, and a save's answer never overwrites a field changed since the save was sent.
 * The route's action is site-document-action.server.ts's.
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const autosave = useFetcher();
  const autosaved = answerOf(autosave.data);
  const [value, setValue] = useState<unknown>(state.draft);
  // Changes made (a count), and how many of them the server has confirmed.
  const [edited, setEdited] = useState(0);
  const [confirmed, setConfirmed] = useState(0);
  const [restored, setRestored] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const current = useRef({ value, edited });
  current.current = { value, edited };
  // Fields changed since the deliberate save under way was sent, and the change count it carried.
  const touched = useRef<string[]>([]);
  const pickedFiles = useRef(new Set<string>());
  const deliberateAt = useRef(0);
  const autosaveAt = useRef(0);

  const version = Math.max(
    state.version,
    answer?.ok ? answer.state.version : 0,
    autosaved?.ok ? autosaved.state.version : 0,
  );

  // Words kept in this tab and not confirmed by the server (a reload, a crash): brought back, once
  // as the screen opens (the route remounts the editor per document).
  const opened = useRef(state);
  useEffect(() => {
    const { key, version: at, draft } = opened.current;
    const kept = keptInTab(key, at);
    if (kept === undefined || sameDocument(kept, draft)) return clearTab(key);
    setValue(kept);
    setEdited((n) => n + 1);
    setRestored(true);
  }, []);

  // What is not confirmed yet stays in the tab, with the version it was made from.
  useEffect(() => {
    if (edited > confirmed) keepInTab(state.key, { version, value });
    else if (edited > 0) clearTab(state.key);
  }, [state.key, version, value, edited, confirmed]);

  // A deliberate action sent (Save, Publish, Schedule, Restore…): changes from now on are kept over its answer.
  useEffect(() => {
    if (navigation.state !== "submitting") return;
    touched.current = [];
    pickedFiles.current.clear();
    deliberateAt.current = current.current.edited;
  }, [navigation.state]);

  // Its answer is the draft as the server keeps it now (new pictures' ids, a restored revision),
  // with every field changed since it was sent kept as typed; the files it stored are cleared.
  useEffect(() => {
    if (!answer?.ok) return;
    const next = settledDraft(answer.state.draft, current.current.value, touched.current);
    setValue(next);
    setConfirmed((n) => Math.max(n, deliberateAt.current));
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])
      if (!pickedFiles.current.has(input.name)) input.value = "";
  }, [answer]);

  useEffect(() => {
    if (autosaved?.ok) setConfirmed((n) => Math.max(n, autosaveAt.current));
  }, [autosaved]);

  // A refused autosave (a colleague saved since) stops autosave: the next one would be refused too.
  const stopped = autosaved !== undefined && !autosaved.ok && !autosaved.fieldErrors;

  // Autosave: the form as typed (no files: a picture is sent once, by a deliberate save), never
  // beside a deliberate action (both would be made from the same version).
  useEffect(() => {
    if (edited <= confirmed || stopped || busy) return;
    const timer = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      for (const name of [...form.keys()]) if (name.endsWith(".file")) form.delete(name);
      form.set("intent", "autosave");
      autosaveAt.current = edited;
      autosave.submit(form, { method: "post", encType: "multipart/form-data" });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edited, confirmed, stopped, busy, autosave.submit]);

  const saving = autosave.state !== "idle" || navigation.state === "submitting";
  const settled = edited <= confirmed && (edited > 0 || answer?.ok || autosaved?.ok);
  const saveStatus = saving ? T.saving : settled ? T.saved : "";

  const refusal = answer && !answer.ok ? answer : autosaved && !autosaved.ok ? autosaved : undefined;
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
        onChange={(event) => {
          const input = event.target as unknown as HTMLInputElement;
          if (input.type === "file") pickedFiles.current.add(input.name);
        }}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-6"
        noValidate
      >
        <input type="hidden" name="baseVersion" value={version} />
        {children({
          value,
          errors,
          onChange: (path, next) => {
            setValue((was: unknown) => withValueAt(was, path, next));
            setEdited((n) => n + 1);
            touched.current.push(path);
          },
        })}
        <DocumentActions state={shown} busy={busy} />
      </Form>
      <RevisionList revisions={revisions} busy={busy} />
    </div>
  );
}
