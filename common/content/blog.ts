import { UUID_SHAPE } from "../ids";
import { storableText as stripNul, withStorableText as withoutNul } from "../text";
import { z } from "../zod";
import { BLOG_MESSAGES } from "./blog-messages";
import {
  BLOG_LIMITS,
  BLOG_LIST_MAX_LIMIT,
  IMAGE_PARAGRAPHS_BY_TEMPLATE,
  MIN_READ_TIME,
  PARAGRAPHS_PER_BLOG,
  POST_STATES,
  type PostState,
  TEMPLATE_COUNT,
} from "./blog-rules";

const requiredText = (missing: string, max: number, tooLong: string) =>
  withoutNul(
    z.string({ message: missing }).trim().min(1, { message: missing }).max(max, { message: tooLong }),
  );

// An empty or absent read time is "missing"; numeric strings from a form input are accepted.
const readTime = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z
    .number({ message: BLOG_MESSAGES.readTime })
    .int({ message: BLOG_MESSAGES.post.readTime })
    .min(MIN_READ_TIME, { message: BLOG_MESSAGES.post.readTime })
    .max(BLOG_LIMITS.readTime, { message: BLOG_MESSAGES.post.readTime }),
);

/** One of a post's three paragraphs (`.overwrite` keeps the OpenAPI document's types, unlike `.transform`). */
export const blogParagraphSchema = z.object({
  header: z
    .string({ message: BLOG_MESSAGES.post.header })
    .max(BLOG_LIMITS.header, BLOG_MESSAGES.post.header)
    .overwrite(stripNul)
    .default(""),
  // Required (CONTRACT: each paragraph has header, content and img): a paragraph without it, or an
  // empty paragraph object, is refused rather than saved empty.
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined ? BLOG_MESSAGES.post.contentMissing : BLOG_MESSAGES.post.content,
    })
    .max(BLOG_LIMITS.content, BLOG_MESSAGES.post.content)
    .overwrite(stripNul)
    .meta({ description: "HTML (may be empty); the server keeps only what its sanitiser allows" }),
  img: z
    .string({ message: BLOG_MESSAGES.post.imageId })
    .regex(UUID_SHAPE, { message: BLOG_MESSAGES.post.imageId })
    .nullable()
    .default(null)
    .meta({ description: "Id of an uploaded image, or null" }),
  /** Alt text of the paragraph's image: what a screen reader says, what shows if it fails to load. */
  alt: z
    .string({ message: BLOG_MESSAGES.post.alt })
    .max(BLOG_LIMITS.alt, BLOG_MESSAGES.post.alt)
    .overwrite((text) => stripNul(text).trim())
    .default("")
    .meta({ description: "Alt text of the image" }),
});

/**
 * A blog post as the admin submits it (create and update). Fields are checked in the editor's order,
 * so the first issue carries the message the form would show first. `_id`, `dateAdded` and the
 * card `img` are the server's to set and are ignored here.
 */
export const blogPostInputSchema = z
  .object({
    meta_data_title: requiredText(
      BLOG_MESSAGES.metaDataTitle,
      BLOG_LIMITS.metaDataTitle,
      BLOG_MESSAGES.post.metaDataTitleTooLong,
    ),
    title: requiredText(BLOG_MESSAGES.title, BLOG_LIMITS.title, BLOG_MESSAGES.post.titleTooLong),
    readTime,
    template: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
      z
        .number({ message: BLOG_MESSAGES.post.template })
        .int({ message: BLOG_MESSAGES.post.template })
        .min(1, { message: BLOG_MESSAGES.post.template })
        .max(TEMPLATE_COUNT, { message: BLOG_MESSAGES.post.template }),
    ),
    content: z
      .array(blogParagraphSchema, { message: BLOG_MESSAGES.post.paragraphs })
      .length(PARAGRAPHS_PER_BLOG, { message: BLOG_MESSAGES.post.paragraphs }),
    state: z.enum(POST_STATES, { error: BLOG_MESSAGES.post.state }).optional().meta({
      description:
        "draft, scheduled (give publishAt) or published. Absent: published for a new post, unchanged on update",
    }),
    publishAt: z.iso
      .datetime({ offset: true, error: BLOG_MESSAGES.post.publishAt })
      .nullable()
      .optional()
      .meta({ description: "When a scheduled post goes live (ISO-8601); only with state scheduled" }),
    meta_description: z
      .string({ error: BLOG_MESSAGES.post.metaDescription })
      .max(BLOG_LIMITS.metaDescription, { error: BLOG_MESSAGES.post.metaDescription })
      .overwrite((text) => stripNul(text).trim())
      .default("")
      .meta({ description: "For search results and link previews; empty: the first words of the post" }),
    social_image_paragraph: z
      .number({ error: BLOG_MESSAGES.post.socialImage })
      .int({ error: BLOG_MESSAGES.post.socialImage })
      .min(0, { error: BLOG_MESSAGES.post.socialImage })
      .max(PARAGRAPHS_PER_BLOG - 1, { error: BLOG_MESSAGES.post.socialImage })
      .nullable()
      .default(null)
      .meta({
        description:
          "The paragraph (0-based) whose picture Open Graph and the feed show; null: the first picture",
      }),
    version: z
      .number({ error: BLOG_MESSAGES.post.version })
      .int({ error: BLOG_MESSAGES.post.version })
      .min(1, { error: BLOG_MESSAGES.post.version })
      .optional()
      .meta({
        description:
          "On update: the version the change was made from; an older one than the post's is refused (409). Absent: no check",
      }),
  })
  .superRefine((post, ctx) => {
    if (post.state === "scheduled" && !post.publishAt)
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: BLOG_MESSAGES.post.publishAt });
    const allowed = IMAGE_PARAGRAPHS_BY_TEMPLATE[post.template] ?? [];
    post.content.forEach((paragraph, index) => {
      if (paragraph.img && !allowed.includes(index)) {
        ctx.addIssue({
          code: "custom",
          path: ["content", index, "img"],
          message: BLOG_MESSAGES.post.imageNotAllowed(post.template, index),
        });
      }
    });
  });

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

export interface BlogParagraph {
  header: string;
  /** Sanitised HTML. */
  content: string;
  /** Image id, or null. */
  img: string | null;
  /** Alt text of the image ("" when none). */
  alt: string;
}

/** A blog post as the API answers it. */
export interface BlogPost {
  _id: string;
  meta_data_title: string;
  title: string;
  readTime: number;
  template: number;
  /** ISO-8601, set by the server. */
  dateAdded: string;
  /** The card image: the first paragraph image, or null. */
  img: string | null;
  content: BlogParagraph[];
  /** Only published posts are public. */
  state: PostState;
  /** When a scheduled post goes live (ISO-8601); null unless scheduled. */
  publishAt: string | null;
  /** One more on every write (a save names the version it was made from). */
  version: number;
  /** The post's own meta description; "" means derived from its text. */
  meta_description: string;
  /** The paragraph whose picture is the social image; null: the first picture. */
  social_image_paragraph: number | null;
}

/** One kept revision of a post (`GET /api/admin/:id/revisions`). */
export interface BlogRevision {
  id: string;
  /** ISO-8601. */
  savedAt: string;
  /** The administrator's e-mail address. */
  savedBy: string;
  reason: "published" | "saved" | "restored";
  /** The post's title in that revision. */
  title: string;
}

/** A post without its paragraph bodies (`GET /api/blog?fields=summary`): enough for a card. */
export interface BlogPostSummary extends Omit<BlogPost, "content"> {
  content: Omit<BlogParagraph, "content">[];
}

/** Image dimensions by image id, so pages can reserve an image's space before it loads. */
export type ImageSizes = Record<string, { width: number; height: number }>;

/** `GET /api/blog`'s query: every post unless `page`/`limit` ask for a slice; `fields=summary` drops bodies. */
const wholeNumber = (max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(1, { error: message }).max(max, { error: message }));

export const blogListQuerySchema = z.object({
  page: wholeNumber(1_000_000, BLOG_MESSAGES.listQuery.page)
    .optional()
    .meta({ description: "1-based page number" }),
  limit: wholeNumber(BLOG_LIST_MAX_LIMIT, BLOG_MESSAGES.listQuery.limit)
    .optional()
    .meta({ description: "posts per page" }),
  fields: z
    .literal("summary", { error: BLOG_MESSAGES.listQuery.fields })
    .optional()
    .meta({ description: "leave out paragraph bodies" }),
});

export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** The admin's list (`GET /api/admin/blog`): every state unless `state` picks one. */
export const adminBlogListQuerySchema = blogListQuerySchema.extend({
  state: z
    .enum(POST_STATES, { error: BLOG_MESSAGES.post.state })
    .optional()
    .meta({ description: "Only posts in this state; absent: all" }),
});
