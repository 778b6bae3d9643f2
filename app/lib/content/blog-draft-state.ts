import { useCallback, useEffect, useRef, useState } from "react";
import { type BlogDraft, clearDraft, type DraftParagraph, loadDraft, saveDraft } from "./blog-draft";

const SAVE_DELAY_MS = 300;

/**
 * The form's draft: the stored one when it belongs to this form (a reload, or back from the
 * preview), else `start()`. Null until the first client render (the server cannot see
 * sessionStorage). Changes are written to sessionStorage shortly after they happen and at once
 * when the page is hidden or the form unmounts.
 */
export function useBlogDraft(start: () => BlogDraft, belongs: (draft: BlogDraft) => boolean) {
  const [draft, setDraft] = useState<BlogDraft | null>(null);
  // Changes made in this form: autosave sends when there are more than it last sent.
  const [edits, setEdits] = useState(0);
  const latest = useRef<BlogDraft | null>(null);
  latest.current = draft;
  const discarded = useRef(false);
  const save = useCallback((value: BlogDraft | null) => {
    if (value && !discarded.current) saveDraft(value);
  }, []);
  const init = useRef({ start, belongs });

  useEffect(() => {
    const stored = loadDraft();
    const initial = stored && init.current.belongs(stored) ? stored : init.current.start();
    saveDraft(initial);
    setDraft(initial);
  }, []);

  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => save(draft), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, save]);

  useEffect(() => {
    const flush = () => save(latest.current);
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [save]);

  /** Leaving on purpose: the draft is gone and nothing writes it back. */
  const discard = useCallback(() => {
    discarded.current = true;
    clearDraft();
  }, []);

  /**
   * Replaces the draft and stores it now (before opening the preview). Given a function, it is
   * applied to the draft as it is at that moment, so a save's answer never drops what was typed.
   */
  const commit = useCallback(
    (value: BlogDraft | ((current: BlogDraft) => BlogDraft)) => {
      if (typeof value !== "function") {
        setDraft(value);
        save(value);
        return;
      }
      setDraft((current) => {
        if (!current) return current;
        const next = value(current);
        save(next);
        return next;
      });
    },
    [save],
  );

  const update = useCallback((patch: Partial<BlogDraft>) => {
    setDraft((current) => current && { ...current, ...patch, dirty: true });
    setEdits((n) => n + 1);
  }, []);

  const updateParagraph = useCallback((index: number, patch: Partial<DraftParagraph>) => {
    setEdits((n) => n + 1);
    setDraft(
      (current) =>
        current && {
          ...current,
          dirty: true,
          content: current.content.map((p, i) => (i === index ? { ...p, ...patch } : p)),
        },
    );
  }, []);

  return { draft, edits, update, updateParagraph, discard, commit };
}
