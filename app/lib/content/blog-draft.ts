import { type BlogPost, blogPostInputSchema } from "@common/content/blog";
import { PARAGRAPHS_PER_BLOG, TEMPLATE_COUNT } from "@common/content/blog-rules";
import { firstIssue } from "@common/zod";
import { dataUrlToBlob } from "./blog-draft-image";

/**
 * The blog draft an administrator is writing on the create or edit form: kept in
 * sessionStorage, so a reload or the trip to the preview and back loses nothing.
 */
export interface DraftImage {
  /** The stored image's id (a post being edited), or null for a picked file not uploaded yet. */
  id: string | null;
  /** The picked file as a data: URL (sessionStorage holds text only); null for a stored image. */
  dataUrl: string | null;
}

export interface DraftParagraph {
  header: string;
  /** Rich-text HTML, as the editor wrote it when it last lost focus. */
  content: string;
  image: DraftImage | null;
  /** The image's alt text. */
  alt: string;
}

export interface BlogDraft {
  meta_data_title: string;
  title: string;
  /** The read time input's value, as typed. */
  readTime: string;
  template: number;
  /** Set when the preview opens: now for a new post, the post's own date when editing. */
  dateAdded: string | null;
  content: DraftParagraph[];
  /** The form the preview's Cancel returns to. */
  origin: string | null;
  /** The post on the server: the one being edited, or a new one once autosave stored it; null before. */
  editId: string | null;
  /** The post's date when editing an existing post (kept by the server); null for a new post. */
  editDateAdded: string | null;
  /** The post's own meta description ("": derived from its text). */
  meta_description?: string;
  /** The paragraph whose picture is the social image; null: the first picture. */
  social_image_paragraph?: number | null;
  /** The saved post's version this draft was made from (a stale one is refused); null for a new post. */
  version?: number | null;
  /** True once anything was changed since the form was filled. */
  dirty: boolean;
}

export const BLOG_DRAFT_KEY = "blog-draft";

const emptyParagraph = (): DraftParagraph => ({ header: "", content: "", image: null, alt: "" });

/** The template comes from the route: `template-N` (N from 1 to 5) gives N, anything else 1. */
export function templateFromRoute(templateId: string | undefined): number {
  const n = Number(/^template-(\d)$/.exec(templateId ?? "")?.[1]);
  return n >= 1 && n <= TEMPLATE_COUNT ? n : 1;
}

export function newDraft(template: number): BlogDraft {
  return {
    meta_data_title: "",
    title: "",
    readTime: "",
    template,
    dateAdded: null,
    content: Array.from({ length: PARAGRAPHS_PER_BLOG }, emptyParagraph),
    origin: null,
    editId: null,
    editDateAdded: null,
    dirty: false,
  };
}

/** Whether the draft edits a post that existed before its form opened (not a new one, autosaved or not). */
export const editsExisting = (draft: BlogDraft) => draft.editDateAdded !== null;

export function draftFromPost(post: BlogPost): BlogDraft {
  return {
    ...newDraft(post.template),
    meta_data_title: post.meta_data_title,
    title: post.title,
    readTime: String(post.readTime),
    content: post.content.map((p) => ({
      header: p.header,
      content: p.content,
      image: p.img ? { id: p.img, dataUrl: null } : null,
      alt: p.alt,
    })),
    editId: post._id,
    editDateAdded: post.dateAdded,
    version: post.version,
    meta_description: post.meta_description,
    social_image_paragraph: post.social_image_paragraph,
  };
}

/** The post as the server takes it: stored images by id; picked files travel beside it (`draftForm`). */
export function draftInput(draft: BlogDraft) {
  return {
    meta_data_title: draft.meta_data_title,
    title: draft.title,
    readTime: draft.readTime,
    template: draft.template,
    ...(draft.editId && draft.version ? { version: draft.version } : {}),
    meta_description: draft.meta_description ?? "",
    // A choice whose picture was removed since falls back to the first picture.
    social_image_paragraph:
      draft.social_image_paragraph != null && draft.content[draft.social_image_paragraph]?.image
        ? draft.social_image_paragraph
        : null,
    content: draft.content.map((p, index) => ({
      header: index === 0 ? "" : p.header,
      content: p.content,
      img: p.image?.id ?? null,
      alt: p.image ? p.alt : "",
    })),
  };
}

/** The preview's submission fields (one multipart form: the post, and each picked file as `image-N`). */
export const DRAFT_FORM = {
  intent: "intent",
  editId: "editId",
  /** With intent `schedule`: the publication time, ISO-8601. */
  publishAt: "publishAt",
  /** With intent `restore`: the revision to restore. */
  revision: "revision",
  post: "post",
  image: (index: number) => `image-${index}`,
} as const;

/**
 * One save's request (Submit, or 'Save draft' as intent `draft`): the post as JSON, the picked
 * images as files, all saved together.
 */
export function draftForm(draft: BlogDraft, intent?: string): FormData {
  const form = new FormData();
  if (intent) form.set(DRAFT_FORM.intent, intent);
  if (draft.editId) form.set(DRAFT_FORM.editId, draft.editId);
  form.set(DRAFT_FORM.post, JSON.stringify(draftInput(draft)));
  draft.content.forEach(({ image }, index) => {
    if (!image?.dataUrl) return;
    const blob = dataUrlToBlob(image.dataUrl);
    form.set(DRAFT_FORM.image(index), blob, blob.type === "image/png" ? "image.png" : "image.jpg");
  });
  return form;
}

/**
 * The first problem Preview reports, checked by the API's own schema, so the form and the server
 * share one rule source and one order: meta data title, title, read time, then the paragraphs.
 */
export function draftProblem(draft: BlogDraft): string | undefined {
  const result = blogPostInputSchema.safeParse(draftInput(draft));
  return firstIssue(result);
}

// The draft of this tab, also in memory: images too large for sessionStorage's quota still
// make the trip to the preview (only a reload forgets them).
let current: BlogDraft | null = null;

const withoutImageData = (draft: BlogDraft): BlogDraft => ({
  ...draft,
  content: draft.content.map((p) => (p.image?.dataUrl ? { ...p, image: null, alt: "" } : p)),
});

export function saveDraft(draft: BlogDraft) {
  current = draft;
  for (const stored of [draft, withoutImageData(draft)]) {
    try {
      sessionStorage.setItem(BLOG_DRAFT_KEY, JSON.stringify(stored));
      return;
    } catch {
      // Over the quota with the images: try again without them. Private mode: memory only.
    }
  }
}

const isDraft = (value: unknown): value is BlogDraft => {
  const draft = value as BlogDraft | null;
  return (
    typeof draft?.title === "string" &&
    typeof draft.meta_data_title === "string" &&
    typeof draft.readTime === "string" &&
    Number.isInteger(draft.template) &&
    Array.isArray(draft.content) &&
    draft.content.length === PARAGRAPHS_PER_BLOG &&
    draft.content.every((p) => typeof p?.content === "string" && typeof p.header === "string")
  );
};

/** The stored draft, or null when there is none (or it is unreadable). */
export function loadDraft(): BlogDraft | null {
  if (current) return current;
  try {
    const stored = JSON.parse(sessionStorage.getItem(BLOG_DRAFT_KEY) ?? "null");
    current = isDraft(stored) ? stored : null;
  } catch {
    current = null;
  }
  return current;
}

export function clearDraft() {
  current = null;
  try {
    sessionStorage.removeItem(BLOG_DRAFT_KEY);
  } catch {}
}
