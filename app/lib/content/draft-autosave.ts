import { type FormEvent, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigation } from "react-router";
import { clearTab, keepInTab, keptInTab, sameDocument, settledDraft } from "./site-document-draft";
import { withValueAt } from "./site-document-form";

/** How long after the last keystroke the draft saves itself. */
export const AUTOSAVE_MS = 2000;

/** A draft as the server keeps it: its content and the version the next save is made from. */
export interface SavedDraft {
  version: number;
  draft: unknown;
}

/** An editor action's answer (the server's `done` or `refused`) as the hook reads it. */
export type DraftAnswer =
  | { ok: true; message?: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * The draft editors' one rule of saving (the site documents' and the pages from blocks'): no word
 * is lost and a colleague's save is never overwritten.
 *
 * - Autosave: `AUTOSAVE_MS` after the last change the form is posted as typed (intent
 *   `autosave`, without files: a picture is sent once, by a deliberate save), never beside a
 *   deliberate action (both would be made from the same version). Its answer's version is the
 *   next save's `baseVersion`; the form is not drawn again.
 * - A deliberate action's answer (Save, Publish, a structural button, Restore…) is the draft as
 *   the server keeps it (new pictures' ids, a restored revision), with every field changed since
 *   it was sent kept as typed (`settledDraft`).
 * - What the server has not confirmed stays in the tab (sessionStorage, `tabKey`, with the
 *   version it was made from) and is brought back after a reload with a notice (`restored`).
 * - Two editors are warned of each other: a save made from a version a colleague has saved
 *   since is refused by the service naming them (409); a refused autosave stops autosave (the
 *   next would be refused too) and is the `refusal` the screen shows, the words kept.
 *
 * Two ways to hold the fields: controlled (`value` and `change(path, next)`: the site documents),
 * or uncontrolled (`typed(path, whole)` from the form's input events: the pages from blocks),
 * where the form is drawn from `drawn.value` and keyed by `drawn.times`: it is drawn again only
 * when the draft is replaced (an answer that changed it, the words brought back from the tab).
 */
export function useDraftAutosave<A extends DraftAnswer>({
  tabKey,
  saved,
  savedOf,
}: {
  tabKey: string;
  /** The draft as the loader gives it. */
  saved: SavedDraft;
  /** The saved draft an accepted answer carries. */
  savedOf(answer: Extract<A, { ok: true }>): SavedDraft;
}) {
  const answer = useActionData() as A | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const autosave = useFetcher();
  const autosaved = autosave.data as A | undefined;
  const [value, setValue] = useState<unknown>(saved.draft);
  const [drawn, setDrawn] = useState({ value: saved.draft, times: 0 });
  // Changes made (a count), and how many of them the server has confirmed.
  const [edited, setEdited] = useState(0);
  const [confirmed, setConfirmed] = useState(0);
  const [restored, setRestored] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const current = useRef({ value, edited });
  current.current = { value, edited };
  // Fields changed since the deliberate action under way was sent, and the change count it carried.
  const touched = useRef<string[]>([]);
  const pickedFiles = useRef(new Set<string>());
  const deliberateAt = useRef(0);
  const autosaveAt = useRef(0);
  const savedOfRef = useRef(savedOf);
  savedOfRef.current = savedOf;

  const accepted = (a: A | undefined) => (a?.ok ? savedOf(a as Extract<A, { ok: true }>) : undefined);
  const version = Math.max(saved.version, accepted(answer)?.version ?? 0, accepted(autosaved)?.version ?? 0);

  const redraw = (next: unknown) => {
    setValue(next);
    setDrawn((was) => ({ value: next, times: was.times + 1 }));
  };

  // Words kept in this tab and not confirmed by the server (a reload, a crash): brought back, once
  // as the screen opens (the route remounts the editor per document).
  const opened = useRef({ tabKey, saved });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the editor opens
  useEffect(() => {
    const { tabKey: key, saved: at } = opened.current;
    const kept = keptInTab(key, at.version);
    if (kept === undefined || sameDocument(kept, at.draft)) return clearTab(key);
    redraw(kept);
    setEdited((n) => n + 1);
    setRestored(true);
  }, []);

  // What is not confirmed yet stays in the tab, with the version it was made from.
  useEffect(() => {
    if (edited > confirmed) keepInTab(tabKey, { version, value });
    else if (edited > 0) clearTab(tabKey);
  }, [tabKey, version, value, edited, confirmed]);

  // A deliberate action sent: changes from now on are kept over its answer.
  useEffect(() => {
    if (navigation.state !== "submitting") return;
    touched.current = [];
    pickedFiles.current.clear();
    deliberateAt.current = current.current.edited;
  }, [navigation.state]);

  // Its answer is the draft as the server keeps it now, with every field changed since it was
  // sent kept as typed; the files it stored are cleared. Drawn again only when it changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: for each answer
  useEffect(() => {
    if (!answer?.ok) return;
    const server = savedOfRef.current(answer as Extract<A, { ok: true }>).draft;
    const next = settledDraft(server, current.current.value, touched.current);
    if (sameDocument(next, current.current.value)) setValue(next);
    else redraw(next);
    setConfirmed((n) => Math.max(n, deliberateAt.current));
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])
      if (!pickedFiles.current.has(input.name)) input.value = "";
  }, [answer]);

  useEffect(() => {
    if (autosaved?.ok) setConfirmed((n) => Math.max(n, autosaveAt.current));
  }, [autosaved]);

  // A refused autosave (a colleague saved since) stops autosave: the next one would be refused too.
  const stopped = autosaved !== undefined && !autosaved.ok && !autosaved.fieldErrors;

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
  const refusal = answer && !answer.ok ? answer : autosaved && !autosaved.ok ? autosaved : undefined;

  const edit = (path: string) => {
    setEdited((n) => n + 1);
    touched.current.push(path);
  };

  return {
    /** The draft as typed now. */
    value,
    /** What an uncontrolled form is drawn from, and how many times it was (its key). */
    drawn,
    /** The version the next save is made from (the form's `baseVersion`). */
    version,
    formRef,
    busy,
    /** "saving", "saved" (every change confirmed) or nothing yet. */
    saveStatus: saving ? ("saving" as const) : settled ? ("saved" as const) : undefined,
    restored,
    /** The deliberate action's or autosave's refusal (a colleague's save since names them). */
    refusal: refusal as Extract<A, { ok: false }> | undefined,
    /** Autosave's refusal alone (the screen shows the deliberate action's own way). */
    autosaveRefusal: (autosaved && !autosaved.ok ? autosaved : undefined) as
      | Extract<A, { ok: false }>
      | undefined,
    /** A controlled field changed. */
    change(path: string, next: unknown) {
      setValue((was: unknown) => withValueAt(was, path, next));
      edit(path);
    },
    /** An uncontrolled field changed: `whole` is the draft the form holds now. */
    typed(path: string, whole: unknown) {
      setValue(whole);
      edit(path);
    },
    /** The form's change handler: a picked file is not cleared by the answer of a save sent before. */
    onFormChange(event: FormEvent<HTMLFormElement>) {
      const input = event.target as unknown as HTMLInputElement;
      if (input.type === "file") pickedFiles.current.add(input.name);
    },
  };
}
