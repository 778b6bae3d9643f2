import type { BlogPost, BlogPostSummary, ImageSizes } from "@common/content/blog";
import {
  BLOG_CARD_TITLE_MAX,
  DEFAULT_READ_TIME,
  IMAGE_WIDTHS,
  TEMPLATE_COUNT,
} from "@common/content/blog-rules";
import { londonTime, MONTHS, WEEKDAYS } from "@common/en-gb";
import type { BlogCardData, TemplateImage, TemplatePost } from "~/components/blog/types";

/** How a blog card shows a post (cut title, date, read time, image), and the helpers that turn a post into what pages draw. */

export const NO_VALUE = "----";

/** The title cut to 60 characters plus '...' when longer; '----' when there is none. */
export function cardTitle(title: string | null | undefined): string {
  const text = title?.trim() ?? "";
  if (!text) return NO_VALUE;
  const chars = Array.from(text);
  return chars.length > BLOG_CARD_TITLE_MAX ? `${chars.slice(0, BLOG_CARD_TITLE_MAX).join("")}...` : text;
}

/** The placeholder box's letter: the title's first character ('-' for no title). */
export function placeholderInitial(title: string | null | undefined): string {
  return Array.from(title?.trim() || NO_VALUE)[0];
}

/** '{n} mins', 3 when there is no read time. */
export function readTimeText(readTime: number | null | undefined): string {
  const minutes = readTime && Number.isFinite(readTime) && readTime > 0 ? readTime : DEFAULT_READ_TIME;
  return `${minutes} mins`;
}

/** Weekday, day, month name and four-digit year in UK time, 'Sunday, 9 March 2025'; null for no or an unreadable date (cards show '----'). */
export function blogDate(dateAdded: string | null | undefined): string | null {
  const time = dateAdded ? Date.parse(dateAdded) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const london = londonTime(time);
  return `${WEEKDAYS[london.weekday]}, ${london.day} ${MONTHS[london.month - 1]} ${london.year}`;
}

/** Template 1 to 5; anything else is 1. */
export function templateNumber(template: unknown): number {
  const n = Number(template);
  return Number.isInteger(n) && n >= 1 && n <= TEMPLATE_COUNT ? n : 1;
}

export const imageUrl = (id: string) => `/api/blog/blog-image/${id}`;

/**
 * WebP renditions for `srcset`. The server never enlarges, so with a known width the list stops at
 * the first rendition as wide as the original, described by its real width.
 */
export function imageSrcSet(id: string, width?: number): string {
  const entries: string[] = [];
  for (const w of IMAGE_WIDTHS) {
    const actual = width ? Math.min(w, width) : w;
    entries.push(`${imageUrl(id)}?w=${w} ${actual}w`);
    if (width && w >= width) break;
  }
  return entries.join(", ");
}

/** A stored image as templates and cards draw it; dimensions when known reserve its space. */
export function templateImage(id: string, alt: string, sizes: ImageSizes): TemplateImage {
  const size = sizes[id];
  return { src: imageUrl(id), srcSet: imageSrcSet(id, size?.width), ...size, alt };
}

/** A post as the templates draw it. */
export function templatePostFromPost(post: BlogPost, sizes: ImageSizes): TemplatePost {
  return {
    title: post.title,
    readTime: post.readTime,
    dateAdded: post.dateAdded,
    template: templateNumber(post.template),
    paragraphs: post.content.map((paragraph) => ({
      header: paragraph.header,
      html: paragraph.content,
      image: paragraph.img ? templateImage(paragraph.img, paragraph.alt, sizes) : null,
    })),
  };
}

/** A post (whole or summary) as a card draws it. The card image is decorative: the title says it. */
export function cardFromPost(post: BlogPost | BlogPostSummary, sizes: ImageSizes): BlogCardData {
  return {
    id: post._id,
    title: post.title,
    readTime: post.readTime,
    dateAdded: post.dateAdded,
    image: post.img ? templateImage(post.img, "", sizes) : null,
  };
}

/** The image ids a set of posts shows (for one dimensions lookup). */
export const postImageIds = (posts: Array<BlogPost | BlogPostSummary>) =>
  posts.flatMap((post) => post.content.map((p) => p.img).filter((id): id is string => Boolean(id)));
