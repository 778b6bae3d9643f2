import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type Answer, useAnswer } from "../action-answer";
import { type BlogDraft, draftForm, draftProblem } from "./blog-draft";

/** Quiet time after the last change before the draft is saved to the server. */
export const AUTOSAVE_DELAY_MS = 3000;

/** What the form route's action answers to a save that does not publish ('Save draft', 'Schedule', autosave). */
export type DraftSaved = Answer<{
  id: string;
  message: string;
  version: number;
  images: Array<string | null>;
}>;

/**
 * The draft as it is now, after a save's answer: the saved version and the ids of the images the
 * save stored are taken in; every word typed since the save was sent is kept (the answer never
 * replaces the text). `sent` is the draft the save carried.
 */
export function settled(
  current: BlogDraft,
  sent: BlogDraft,
  answer: Extract<DraftSaved, { ok: true }>,
): BlogDraft {
  return {
    ...current,
    editId: answer.id,
    version: answer.version,
    // Picked files now stored: their ids, unless the paragraph got another picture meanwhile.
    content: current.content.map((p, index) =>
      p.image?.dataUrl && p.image.dataUrl === sent.content[index]?.image?.dataUrl
        ? { ...p, image: { id: answer.images[index] ?? null, dataUrl: null } }
        : p,
    ),
  };
}

export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "failed"; error: string };

/**
 * Autosave: a few seconds after the last change, and when the page is hidden, the draft
 * goes to the server through the form route's action (intent `autosave`, picked images included).
 * The answer's version and image ids go back into the draft, so the next save names the version
 * it was made from and sends no image twice. A stale version (another tab or computer saved
 * since) is refused by the server; autosave then stops until the page is reloaded.
 */
export function useAutosave({
  draft,
  edits,
  enabled,
  commit,
}: {
  draft: BlogDraft | null;
  /** The form's change count: a save is due when it is past what was last sent. */
  edits: number;
  enabled: boolean;
  /** Replaces the draft from what it is now (and stores it at once). */
  commit(next: (current: BlogDraft) => BlogDraft): void;
}): AutosaveStatus {
  const fetcher = useFetcher<DraftSaved>({ key: "blog-autosave" });
  const sent = useRef<{ draft: BlogDraft; edits: number } | null>(null);
  const [savedEdits, setSavedEdits] = useState(0);
  const [stopped, setStopped] = useState(false);
  const due = enabled && !stopped && draft !== null && edits > savedEdits && fetcher.state === "idle";

  function send() {
    if (!draft || draftProblem(draft)) return; // not a savable post yet: Preview will say why
    sent.current = { draft, edits };
    fetcher.submit(draftForm(draft, "autosave"), { method: "post", encType: "multipart/form-data" });
  }
  const latestSend = useRef(send);
  latestSend.current = send;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new change (edits) restarts the quiet time
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => latestSend.current(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, edits]);

  useEffect(() => {
    if (!due) return;
    const now = () => {
      if (document.visibilityState === "hidden") latestSend.current();
    };
    document.addEventListener("visibilitychange", now);
    return () => document.removeEventListener("visibilitychange", now);
  }, [due]);

  // Each answer once (action-answer.ts): the saved version and images taken into the draft as it is now.
  const answer = useAnswer(fetcher, {
    ok(saved) {
      if (!sent.current) return;
      const { draft: was, edits: at } = sent.current;
      setSavedEdits(at);
      commit((current) => settled(current, was, saved));
    },
    refused({ error }) {
      if (error === BLOG_MESSAGES.post.stale) setStopped(true);
    },
  });

  // Saving until its answer is taken into the draft (the render after it arrives), so a save
  // queued behind it is made from the version it saved.
  const taking = answer?.ok && sent.current !== null && savedEdits < sent.current.edits;
  if (fetcher.state !== "idle" || taking) return { kind: "saving" };
  if (answer && !answer.ok) return { kind: "failed", error: answer.error };
  if (answer?.ok && savedEdits === edits) return { kind: "saved" };
  return { kind: "idle" };
}
