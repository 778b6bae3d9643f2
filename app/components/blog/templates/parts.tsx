import { blogDate, readTimeText } from "~/lib/content/blog-display";
import type { TemplateImage, TemplateParagraph, TemplatePost } from "../types";

/** Pieces every template shares: the meta line, images, the rich text and paragraph headers. */

/** How an image loads: `hero` is the page's main, above-the-fold picture. */
export type ImageLoading = "hero" | "eager" | "lazy";

/** The index of the first paragraph with an image: that image is not lazy (it may be in view). */
export const firstImageIndex = (post: TemplatePost) => post.paragraphs.findIndex((p) => p.image);

/** Eager for the first image of the post, lazy for the rest; `hero` when the slot is above the fold. */
export function loadingFor(post: TemplatePost, index: number, heroSlot = false): ImageLoading {
  if (index !== firstImageIndex(post)) return "lazy";
  return heroSlot ? "hero" : "eager";
}

/** The date (when known) and '{n} mins'. */
export function PostMeta({ post, className = "" }: { post: TemplatePost; className?: string }) {
  const date = blogDate(post.dateAdded);
  return (
    <p className={`post-meta ${className}`}>
      {date && post.dateAdded && (
        <>
          <time dateTime={post.dateAdded}>{date}</time>
          <span aria-hidden="true" className="post-meta-dot" />
        </>
      )}
      <span>{readTimeText(post.readTime)}</span>
    </p>
  );
}

export function PostImage({
  image,
  sizes,
  loading,
  className = "",
}: {
  image: TemplateImage;
  /** The slot's rendered width, for `srcset` (the image's own `sizes` wins). */
  sizes: string;
  loading: ImageLoading;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? (image.sizes ?? sizes) : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={loading === "lazy" ? "lazy" : undefined}
      fetchPriority={loading === "hero" ? "high" : undefined}
      decoding={loading === "lazy" ? "async" : undefined}
      className={`post-image ${className}`}
    />
  );
}

/** Sanitised paragraph HTML (cleaned on the server before it is stored). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`post-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Paragraphs 2 and 3 carry a header (the first paragraph has none). */
export function ParagraphHeader({
  paragraph,
  index,
  className = "",
}: {
  paragraph: TemplateParagraph;
  index: number;
  className?: string;
}) {
  if (index === 0 || !paragraph.header.trim()) return null;
  return <h2 className={`post-h2 ${className}`}>{paragraph.header}</h2>;
}
