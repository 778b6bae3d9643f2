import { Link, useLocation } from "react-router";
import { blogDate, cardTitle, NO_VALUE, placeholderInitial, readTimeText } from "~/lib/content/blog-display";
import { resetCurrentPost } from "~/lib/content/current-post";
import type { BlogCardData } from "./types";

/** The grid's column widths (one column on a phone, two from 640 px, three from 1024 px). */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw";

/**
 * A blog card (picture, title, date, read time). In the admin area it opens the edit screen; on the public
 * site it first resets the current post, then opens the post. A real link: works without JavaScript.
 */
export function BlogCard({
  card,
  headingLevel = 2,
  priority = false,
}: {
  card: BlogCardData;
  /** 2 under a page's <h1>, 3 inside a titled section. */
  headingLevel?: 2 | 3;
  /** The first card in view: its image loads at once, first (often the page's largest paint). */
  priority?: boolean;
}) {
  const admin = useLocation().pathname.includes("admin");
  const href = admin ? `/admin/dashboard/blog/${card.id}` : `/blog/${card.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = blogDate(card.dateAdded);
  const { image } = card;
  return (
    <article className="blog-card">
      <Link to={href} onClick={admin ? undefined : resetCurrentPost} className="blog-card-link">
        <div className="blog-card-media">
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.sizes ?? CARD_IMAGE_SIZES}
              width={image.width}
              height={image.height}
              alt={image.alt}
              loading={priority ? undefined : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding={priority ? undefined : "async"}
            />
          ) : (
            <span className="blog-card-placeholder" aria-hidden="true">
              {placeholderInitial(card.title)}
            </span>
          )}
        </div>
        <div className="blog-card-body">
          <Heading className="blog-card-title">{cardTitle(card.title)}</Heading>
          <p className="blog-card-meta">
            {date ? <time dateTime={card.dateAdded ?? undefined}>{date}</time> : NO_VALUE}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {readTimeText(card.readTime)}
          </p>
          {card.state && (
            <p className="mt-2 text-sm font-semibold text-brand" data-testid="blog-card-state">
              {card.state}
            </p>
          )}
        </div>
      </Link>
    </article>
  );
}
