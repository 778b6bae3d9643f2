import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { BLOG_LIMITS, MIN_READ_TIME } from "@common/content/blog-rules";
import { VALIDATION_MESSAGE_MS } from "@common/ui";
import { CalendarClock, Eye, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Loading } from "~/components/admin/Loading";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { useAnswer } from "~/lib/action-answer";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { type DraftSaved, settled, useAutosave } from "~/lib/content/blog-autosave";
import { type BlogDraft, DRAFT_FORM, draftForm, draftProblem } from "~/lib/content/blog-draft";
import { useBlogDraft } from "~/lib/content/blog-draft-state";
import { londonLocal, londonToIso } from "~/lib/content/blog-schedule";
import { LeaveGuard } from "./LeaveGuard";
import { ParagraphFields } from "./ParagraphFields";

/**
 * The blog form, for a new post and for an edit: meta data title, title, read time and the
 * three paragraphs. Preview checks the draft (the first problem in field order, shown 0.8 s), stamps it
 * with its date and the way back, and opens the preview. 'Save draft' (when `onDraftSaved` is
 * given) saves it to the server without publishing, through the form route's action.
 */
export function BlogForm({
  heading,
  start,
  belongs,
  actions,
  guarded = true,
  onDraftSaved,
  scheduledAt,
  autosave = false,
}: {
  heading: ReactNode;
  start(): BlogDraft;
  belongs(draft: BlogDraft): boolean;
  /** More buttons beside Preview (the edit form's Delete). */
  actions?: ReactNode;
  /** False while the post is being deleted: leaving then must not ask. */
  guarded?: boolean;
  /** After 'Save draft' or 'Schedule' succeeded (the browser's copy now names the saved version): the post's id. */
  onDraftSaved?(id: string, message: string): void;
  /** The scheduled post's publication time (ISO-8601), shown in the Schedule control. */
  scheduledAt?: string | null;
  /** Saves the draft to the server a few seconds after changes (a post that is not published). */
  autosave?: boolean;
}) {
  const { draft, edits, update, updateParagraph, discard, commit } = useBlogDraft(start, belongs);
  const saver = useFetcher<DraftSaved>();
  // Never beside a 'Save draft' in flight: both would be made from the same version.
  const autosaved = useAutosave({ draft, edits, enabled: autosave && saver.state === "idle", commit });
  const [scheduleAt, setScheduleAt] = useState(() => (scheduledAt ? londonLocal(new Date(scheduledAt)) : ""));
  const sending = saver.state !== "idle"; // a 'Save draft' or 'Schedule' on its way
  const saving = sending || autosaved.kind === "saving";
  // 'Save draft' or 'Schedule' pressed while an autosave is on its way is sent once that has
  // landed (made from one version, the second would be refused as stale), not dropped; so is
  // 'Preview' opened (its Submit must name the post the save made).
  const queued = useRef<"draft" | "schedule" | "preview" | null>(null);
  useEffect(() => {
    if (saving || !queued.current) return;
    const intent = queued.current;
    queued.current = null;
    if (intent === "preview") openPreview();
    else save(intent);
  });
  // The draft 'Save draft' or 'Schedule' sent: its answer takes in the saved version and images,
  // and keeps every word typed since (a save never overwrites what was typed after it started).
  const sent = useRef<BlogDraft | null>(null);
  const saved = useAnswer(saver, {
    ok(answer) {
      const was = sent.current;
      if (was) commit((current) => settled(current, was, answer));
      onDraftSaved?.(answer.id, answer.message);
    },
  });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // An object, so the same message given twice is shown (and timed) twice.
  const [problem, setProblem] = useState<{ text: string }>();

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(undefined), VALIDATION_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  if (!draft) return <Loading />;

  /** 'Save draft' and 'Schedule': the form's post saved to the server without publishing now. */
  function save(intent: "draft" | "schedule") {
    if (!draft || sending) return;
    if (autosaved.kind === "saving") {
      queued.current = intent;
      return;
    }
    const found = draftProblem(draft);
    if (found) return setProblem({ text: found });
    const form = draftForm(draft, intent);
    if (intent === "schedule") {
      const publishAt = londonToIso(scheduleAt);
      if (!publishAt) return setProblem({ text: BLOG_MESSAGES.states.scheduleMissing });
      form.set(DRAFT_FORM.publishAt, publishAt);
    }
    sent.current = draft;
    saver.submit(form, { method: "post", encType: "multipart/form-data" });
  }

  function preview(event: FormEvent) {
    event.preventDefault();
    if (saving) queued.current = "preview";
    else openPreview();
  }

  function openPreview() {
    if (!draft) return;
    const found = draftProblem(draft);
    if (found) return setProblem({ text: found });
    commit({
      ...draft,
      dateAdded: draft.editDateAdded ?? new Date().toISOString(),
      origin: pathname,
    });
    navigate(BLOG_ADMIN_PATHS.preview);
  }

  const field = (name: "meta_data_title" | "title", label: string, max: number) => (
    <div>
      <label htmlFor={`blog-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`blog-${name}`}
        value={draft[name]}
        maxLength={max}
        onChange={(event) => update({ [name]: event.target.value })}
        className={inputClass}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={preview} className="grid max-w-3xl gap-6">
      {heading}
      <div className="card grid gap-4">
        {field("meta_data_title", "Meta data title", BLOG_LIMITS.metaDataTitle)}
        {field("title", "Title", BLOG_LIMITS.title)}
        <div className="max-w-40">
          <label htmlFor="blog-readTime" className="mb-1 block font-semibold">
            Read time
          </label>
          <input
            id="blog-readTime"
            type="number"
            inputMode="numeric"
            min={MIN_READ_TIME}
            max={BLOG_LIMITS.readTime}
            value={draft.readTime}
            onChange={(event) => update({ readTime: event.target.value })}
            className={inputClass}
          />
        </div>
      </div>
      <div className="card grid gap-4">
        <h2 className="text-lg font-bold">{BLOG_MESSAGES.states.seo}</h2>
        <div>
          <label htmlFor="blog-meta-description" className="mb-1 block font-semibold">
            {BLOG_MESSAGES.states.metaDescriptionLabel}
          </label>
          <textarea
            id="blog-meta-description"
            rows={3}
            value={draft.meta_description ?? ""}
            maxLength={BLOG_LIMITS.metaDescription}
            aria-describedby="blog-meta-description-hint"
            onChange={(event) => update({ meta_description: event.target.value })}
            className={inputClass}
          />
          <p id="blog-meta-description-hint" className="mt-1 text-sm text-muted">
            {BLOG_MESSAGES.states.metaDescriptionHint}
          </p>
        </div>
        <div className="max-w-sm">
          <label htmlFor="blog-social-image" className="mb-1 block font-semibold">
            {BLOG_MESSAGES.states.socialImageLabel}
          </label>
          <select
            id="blog-social-image"
            value={draft.social_image_paragraph ?? ""}
            onChange={(event) =>
              update({
                social_image_paragraph: event.target.value === "" ? null : Number(event.target.value),
              })
            }
            className={inputClass}
          >
            <option value="">{BLOG_MESSAGES.states.socialImageDefault}</option>
            {draft.content.map((paragraph, index) =>
              paragraph.image ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
                <option key={index} value={index}>
                  {BLOG_MESSAGES.states.socialImageOption(index)}
                </option>
              ) : null,
            )}
          </select>
        </div>
      </div>
      {draft.content.map((paragraph, index) => (
        <ParagraphFields
          // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
          key={index}
          index={index}
          template={draft.template}
          paragraph={paragraph}
          onChange={(patch) => updateParagraph(index, patch)}
        />
      ))}
      {onDraftSaved && (
        <div className="card flex flex-wrap items-end gap-3 !p-4">
          <div>
            <label htmlFor="blog-schedule" className="mb-1 block font-semibold">
              {BLOG_MESSAGES.states.scheduleLabel}
            </label>
            <input
              id="blog-schedule"
              type="datetime-local"
              value={scheduleAt}
              min={londonLocal(new Date())}
              onChange={(event) => setScheduleAt(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="button" className="btn btn-ghost" disabled={sending} onClick={() => save("schedule")}>
            <CalendarClock aria-hidden="true" className="size-5" />
            {BLOG_MESSAGES.states.schedule}
          </button>
        </div>
      )}
      {/* Kept in reach while the long form scrolls: a card of its own, like the preview's bar. */}
      <div className="card sticky bottom-3 z-10 flex flex-wrap items-center gap-3 !p-4">
        {/* Pressed while a save is on its way, it opens once that has landed (queued above): a
            disabled button lost the press of anyone quicker than the save. */}
        <button type="submit" className="btn btn-primary">
          <Eye aria-hidden="true" className="size-5" />
          Preview
        </button>
        {onDraftSaved && (
          <button type="button" className="btn btn-ghost" disabled={sending} onClick={() => save("draft")}>
            <Save aria-hidden="true" className="size-5" />
            {BLOG_MESSAGES.states.saveDraft}
          </button>
        )}
        {actions}
        {onDraftSaved && (
          <p role="status" className="text-sm font-semibold text-muted" data-testid="blog-save-status">
            {saving
              ? BLOG_MESSAGES.states.saving
              : saved && !saved.ok
                ? BLOG_MESSAGES.states.notSaved(saved.error)
                : autosaved.kind === "failed"
                  ? BLOG_MESSAGES.states.notSaved(autosaved.error)
                  : autosaved.kind === "saved"
                    ? BLOG_MESSAGES.states.saved
                    : ""}
          </p>
        )}
        <FormMessage message={problem?.text} live="assertive" testId="blog-form-message" />
      </div>
      <LeaveGuard
        when={guarded && draft.dirty && !saved?.ok && autosaved.kind !== "saved"}
        allowed={[BLOG_ADMIN_PATHS.preview]}
        onLeave={discard}
      />
    </form>
  );
}
