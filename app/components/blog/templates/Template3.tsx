import type { TemplatePost } from "../types";
import { loadingFor, ParagraphHeader, PostImage, PostMeta, Prose } from "./parts";

/**
 * Template 3, magazine: a ruled masthead, then each paragraph as a two-column spread with its
 * picture alternating left and right; a paragraph without a picture flows in two text columns.
 */
export function Template3({ post }: { post: TemplatePost }) {
  return (
    <article className="post post-t3 container-page py-10 sm:py-16">
      <header className="post-t3-masthead grid gap-4 py-6 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <h1 className="h-display">{post.title}</h1>
        <PostMeta post={post} className="md:justify-end md:pb-2" />
      </header>
      {post.paragraphs.map((paragraph, index) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
          key={index}
          className={`post-t3-spread grid items-start gap-8 border-b border-border py-10 ${
            paragraph.image ? "md:grid-cols-2" : ""
          }`}
        >
          {paragraph.image && (
            <figure className={index % 2 === 1 ? "md:order-2" : ""}>
              <PostImage
                image={paragraph.image}
                sizes="(min-width: 1152px) 34rem, (min-width: 768px) 46vw, 92vw"
                loading={loadingFor(post, index, index === 0)}
                className="rounded-lg"
              />
            </figure>
          )}
          <div>
            <ParagraphHeader paragraph={paragraph} index={index} className="post-t3-kicker" />
            <Prose
              html={paragraph.html}
              className={`${index > 0 ? "mt-4" : "post-lead"} ${paragraph.image ? "" : "post-columns"}`}
            />
          </div>
        </section>
      ))}
    </article>
  );
}
