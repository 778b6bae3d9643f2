import { BLOG_MESSAGES } from "./admin-messages";
import {
  IMAGE_PARAGRAPHS_BY_TEMPLATE,
  MIN_READ_TIME,
  PARAGRAPHS_PER_BLOG,
  TEMPLATE_COUNT,
} from "./constants";
import { storableText as stripNul, withStorableText as withoutNul } from "./text";
import { z } from "./zod";

/** Length limits the API enforces (SPEC leaves them open; generous for real posts, bounded for safety). */
export const BLOG_LIMITS = {
  metaDataTitle: 200,
  title: 200,
  header: 200,
  /** Image alt text. */
  alt: 300,
  /** Sanitised HTML per paragraph. */
  content: 50_000,
  readTime: 600,
} as const;

/** API messages for rules SPEC does not word itself. */
export const BLOG_API_MESSAGES = {
  metaDataTitleTooLong: `Meta data title must be at most ${BLOG_LIMITS.metaDataTitle} characters`,
  titleTooLong: `Title must be at most ${BLOG_LIMITS.title} characters`,
  readTime: `Read time must be a whole number of minutes, at least ${MIN_READ_TIME}`,
  template: `Template must be a whole number from 1 to ${TEMPLATE_COUNT}`,
  paragraphs: `A blog post has exactly ${PARAGRAPHS_PER_BLOG} paragraphs`,
  header: `Paragraph headers must be text of at most ${BLOG_LIMITS.header} characters`,
  alt: `Image descriptions (alt text) must be text of at most ${BLOG_LIMITS.alt} characters`,
  content: `Paragraph content must be HTML text of at most ${BLOG_LIMITS.content} characters`,
  imageId: "A paragraph image must be the id of an uploaded image",
  imageNotAllowed: (template: number, index: number) =>
    `Template ${template} does not allow an image in paragraph ${index + 1}`,
  imageUnknown: (index: number) => `The image of paragraph ${index + 1} does not exist`,
  imageInUse: (index: number) => `The image of paragraph ${index + 1} belongs to another post`,
  notFound: "Blog post not found",
} as const;

// Case spelt out rather than an `i` flag: the pattern also goes into the OpenAPI document, which has no flags.
export const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const requiredText = (missing: string, max: number, tooLong: string) =>
  withoutNul(
    z.string({ message: missing }).trim().min(1, { message: missing }).max(max, { message: tooLong }),
  );

// An empty or absent read time is "missing"; numeric strings from a form input are accepted.
const readTime = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z
    .number({ message: BLOG_MESSAGES.readTime })
    .int({ message: BLOG_API_MESSAGES.readTime })
    .min(MIN_READ_TIME, { message: BLOG_API_MESSAGES.readTime })
    .max(BLOG_LIMITS.readTime, { message: BLOG_API_MESSAGES.readTime }),
);

/** One of a post's three paragraphs (`.overwrite` keeps the OpenAPI document's types, unlike `.transform`). */
export const blogParagraphSchema = z.object({
  header: z
    .string({ message: BLOG_API_MESSAGES.header })
    .max(BLOG_LIMITS.header, BLOG_API_MESSAGES.header)
    .overwrite(stripNul)
    .default(""),
  content: z
    .string({ message: BLOG_API_MESSAGES.content })
    .max(BLOG_LIMITS.content, BLOG_API_MESSAGES.content)
    .overwrite(stripNul)
    .default("")
    .meta({ description: "HTML; the server keeps only what its sanitiser allows" }),
  img: z
    .string({ message: BLOG_API_MESSAGES.imageId })
    .regex(UUID_SHAPE, { message: BLOG_API_MESSAGES.imageId })
    .nullable()
    .default(null)
    .meta({ description: "Id of an uploaded image, or null" }),
  /** Alt text of the paragraph's image: what a screen reader says, what shows if it fails to load. */
  alt: z
    .string({ message: BLOG_API_MESSAGES.alt })
    .max(BLOG_LIMITS.alt, BLOG_API_MESSAGES.alt)
    .overwrite((text) => stripNul(text).trim())
    .default("")
    .meta({ description: "Alt text of the image" }),
});

/**
 * A blog post as the admin submits it (create and update). Fields are checked in SPEC's order,
 * so the first issue carries the message the form would show first. `_id`, `dateAdded` and the
 * card `img` are the server's to set and are ignored here.
 */
export const blogPostInputSchema = z
  .object({
    meta_data_title: requiredText(
      BLOG_MESSAGES.metaDataTitle,
      BLOG_LIMITS.metaDataTitle,
      BLOG_API_MESSAGES.metaDataTitleTooLong,
    ),
    title: requiredText(BLOG_MESSAGES.title, BLOG_LIMITS.title, BLOG_API_MESSAGES.titleTooLong),
    readTime,
    template: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
      z
        .number({ message: BLOG_API_MESSAGES.template })
        .int({ message: BLOG_API_MESSAGES.template })
        .min(1, { message: BLOG_API_MESSAGES.template })
        .max(TEMPLATE_COUNT, { message: BLOG_API_MESSAGES.template }),
    ),
    content: z
      .array(blogParagraphSchema, { message: BLOG_API_MESSAGES.paragraphs })
      .length(PARAGRAPHS_PER_BLOG, { message: BLOG_API_MESSAGES.paragraphs }),
  })
  .superRefine((post, ctx) => {
    const allowed = IMAGE_PARAGRAPHS_BY_TEMPLATE[post.template] ?? [];
    post.content.forEach((paragraph, index) => {
      if (paragraph.img && !allowed.includes(index)) {
        ctx.addIssue({
          code: "custom",
          path: ["content", index, "img"],
          message: BLOG_API_MESSAGES.imageNotAllowed(post.template, index),
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

/** A blog post on the wire (CONTRACT shapes). */
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
}

/** A post without its paragraph bodies (`GET /api/blog?fields=summary`): enough for a card. */
export interface BlogPostSummary extends Omit<BlogPost, "content"> {
  content: Omit<BlogParagraph, "content">[];
}

/** Image dimensions by image id, so pages can reserve an image's space before it loads. */
export type ImageSizes = Record<string, { width: number; height: number }>;

/** `GET /api/blog` paging: the most posts one request may ask for, and the messages for bad values. */
export const BLOG_LIST_MAX_LIMIT = 100;
export const BLOG_LIST_MESSAGES = {
  page: "page must be a whole number, at least 1",
  limit: `limit must be a whole number from 1 to ${BLOG_LIST_MAX_LIMIT}`,
  fields: "fields must be 'summary' when given",
} as const;
