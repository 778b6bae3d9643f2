import { type BlogPost, type BlogPostInput, blogPostInputSchema } from "@common/content/blog";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { PARAGRAPHS_PER_BLOG } from "@common/content/blog-rules";
import { firstIssue } from "@common/zod";
import { ukTime } from "../uk-time";
import { DRAFT_FORM } from "./blog-draft";

/** The editor's submission (`draftForm`): the post, its picked files by paragraph, and the edited id. */
export interface BlogSubmission {
  /** What the button asked: Submit (none), 'Save draft' or 'Schedule'. */
  intent: string | null;
  input: BlogPostInput;
  files: Array<Buffer | null>;
  editId: string | null;
}

/** Why a submission is not a post: the first message, and every issue (each field's own). */
export interface Unreadable {
  error: string;
  issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }>;
}

/** Reads the editor's multipart form; an unreadable or invalid post is `{error, issues}`. */
export async function readSubmission(form: FormData): Promise<BlogSubmission | Unreadable> {
  let body: unknown;
  try {
    body = JSON.parse(String(form.get(DRAFT_FORM.post)));
  } catch {
    return {
      error: BLOG_MESSAGES.post.unreadable,
      issues: [{ message: BLOG_MESSAGES.post.unreadable, path: [] }],
    };
  }
  const intent = form.get(DRAFT_FORM.intent);
  const publishAt = form.get(DRAFT_FORM.publishAt);
  const state = intent === "schedule" ? { state: "scheduled", publishAt } : {};
  const parsed = blogPostInputSchema.safeParse({ ...(body as object), ...state });
  if (!parsed.success)
    return { error: firstIssue(parsed) ?? BLOG_MESSAGES.post.unreadable, issues: parsed.error.issues };
  const files = await Promise.all(
    Array.from({ length: PARAGRAPHS_PER_BLOG }, async (_, index) => {
      const file = form.get(DRAFT_FORM.image(index));
      return file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : null;
    }),
  );
  const editId = form.get(DRAFT_FORM.editId);
  return {
    intent: typeof intent === "string" ? intent : null,
    input: parsed.data,
    files,
    editId: typeof editId === "string" ? editId : null,
  };
}

/** What a save that did not publish says: saved as a draft, or scheduled for its time (UK time). */
export const savedMessage = (post: BlogPost) =>
  post.state === "scheduled" && post.publishAt
    ? BLOG_MESSAGES.states.scheduledFor(ukTime(post.publishAt))
    : BLOG_MESSAGES.states.draftSaved;

/** The answer to a save that did not publish: what the editor needs to go on from the saved post. */
export const draftSaved = (post: BlogPost) => ({
  ok: true as const,
  id: post._id,
  message: savedMessage(post),
  version: post.version,
  images: post.content.map((paragraph) => paragraph.img),
});
