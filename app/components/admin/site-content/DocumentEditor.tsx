import { SITE_DOCUMENT_TEXTS } from "@common/site-content/page-messages";
import type { SiteDocumentRevision, SiteDocumentState } from "@common/site-content/registry";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { BackLink } from "~/components/admin/BackLink";
import { pageHeadingClass } from "~/components/admin/styles";
import { ErrorSummary } from "~/components/enquiry/FormParts";
import { withValueAt } from "~/lib/site-document-form";
import { DocumentActions, DocumentStatus, RevisionList } from "./DocumentActions";
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
 * autosave while typing, the publishing buttons (DocumentActions) and the revisions to restore.
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
  // A refused autosave (a colleague saved since) stops autosave: the next one would be refused too.
  const stopped = autosaved !== undefined && !autosaved.ok && !autosaved.fieldErrors;

  // Autosave: the form as typed (no files: a picture is sent once, by a deliberate save).
  useEffect(() => {
    if (!edited || stopped) return;
    const timer = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      for (const name of [...form.keys()]) if (name.endsWith(".file")) form.delete(name);
      form.set("intent", "autosave");
      autosave.submit(form, { method: "post", encType: "multipart/form-data" });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edited, stopped, autosave.submit]);

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
      <div aria-live="polite" className="flex flex-col gap-2">
        {answer?.ok && answer.message && <p className="card font-semibold">{answer.message}</p>}
        {autosave.state === "idle" && autosaved?.ok && (
          <p className="text-sm text-muted" data-testid="document-autosaved">
            {SITE_DOCUMENT_TEXTS.autosaved}
          </p>
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
        {children({
          value,
          errors,
          onChange: (path, next) => {
            setValue((current: unknown) => withValueAt(current, path, next));
            setEdited((n) => n + 1);
          },
        })}
        <DocumentActions state={shown} busy={busy} />
      </Form>
      <RevisionList revisions={revisions} busy={busy} />
    </div>
  );
}
