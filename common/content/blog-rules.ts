/** A blog post's rules: its states, templates, limits and the image widths served. */

export const PARAGRAPHS_PER_BLOG = 3;
export const TEMPLATE_COUNT = 5;
export const MIN_READ_TIME = 3;
export const BLOG_CARD_TITLE_MAX = 60;
export const DEFAULT_READ_TIME = 3;
export const FALLBACK_DATE = "10 Jan 2025";
/** Widths the image API serves as WebP (`?w=`), for `srcset`. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** Blog posts on one page of /blog. */
export const BLOG_PAGE_SIZE = 12;
/** Length limits of a blog post: generous for real posts, bounded for safety. */
export const BLOG_LIMITS = {
  metaDataTitle: 200,
  title: 200,
  header: 200,
  /** Image alt text. */
  alt: 300,
  /** Sanitised HTML per paragraph. */
  content: 50_000,
  readTime: 600,
  /** The post's own meta description (search results and link previews show about 160). */
  metaDescription: 300,
} as const;
/** The most posts one `GET /api/blog` request may ask for. */
export const BLOG_LIST_MAX_LIMIT = 100;
/** A post's states: only published posts are public; a scheduled one goes live at its time. */
export const POST_STATES = ["draft", "scheduled", "published"] as const;
export type PostState = (typeof POST_STATES)[number];
/** Which paragraph (0-based) of each blog template may carry an image. */
export const IMAGE_PARAGRAPHS_BY_TEMPLATE: Record<number, readonly number[]> = {
  1: [1],
  2: [0, 1],
  3: [0, 1],
  4: [1],
  5: [0],
};
