import { BLOG_LIMITS } from "@common/blog";
import { MIN_READ_TIME, VALIDATION_MESSAGE_MS } from "@common/constants";
import { Eye } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Loading } from "~/components/admin/Loading";
import { FormMessage } from "~/components/enquiry/FormParts";
import { inputClass } from "~/components/enquiry/styles";
import { BLOG_ADMIN_PATHS } from "~/lib/blog-admin-paths";
import { type BlogDraft, draftProblem } from "~/lib/blog-draft";
import { useBlogDraft } from "~/lib/blog-draft-state";
import { LeaveGuard } from "./LeaveGuard";
import { ParagraphFields } from "./ParagraphFields";

/**
 * The blog form, for a new post and for an edit: meta data title, title, read time and the
 * three paragraphs. Preview checks the draft (SPEC order and messages, shown 0.8 s), stamps it
 * with its date and the way back, and opens the preview.
 */
export function BlogForm({
  heading,
  start,
  belongs,
  actions,
  guarded = true,
}: {
  heading: ReactNode;
  start(): BlogDraft;
  belongs(draft: BlogDraft): boolean;
  /** More buttons beside Preview (the edit form's Delete). */
  actions?: ReactNode;
  /** False while the post is being deleted: leaving then must not ask. */
  guarded?: boolean;
}) {
  const { draft, update, updateParagraph, discard, commit } = useBlogDraft(start, belongs);
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

  function preview(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = draftProblem(draft);
    if (found) return setProblem({ text: found });
    commit({
      ...draft,
      dateAdded: draft.editId ? draft.editDateAdded : new Date().toISOString(),
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
      {/* Kept in reach while the long form scrolls: a card of its own, like the preview's bar. */}
      <div className="card sticky bottom-3 z-10 flex flex-wrap items-center gap-3 !p-4">
        <button type="submit" className="btn btn-primary">
          <Eye aria-hidden="true" className="size-5" />
          Preview
        </button>
        {actions}
        <FormMessage message={problem?.text} live="assertive" testId="blog-form-message" />
      </div>
      <LeaveGuard when={guarded && draft.dirty} allowed={[BLOG_ADMIN_PATHS.preview]} onLeave={discard} />
    </form>
  );
}
