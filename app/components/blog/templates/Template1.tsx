import type { TemplatePost } from "../types";
import { loadingFor, ParagraphHeader, PostImage, PostMeta, Prose } from "./parts";

/**
 * Template 1, classic article: one reading column, an opening paragraph set larger, and the
 * second paragraph's picture inset beside its text (full width on a phone).
 */
export function Template1({ post }: { post: TemplatePost }) {
  const [first, ...rest] = post.paragraphs;
  return (
    <article className="post post-t1 mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="border-b border-border pb-8">
        <p className="eyebrow">Blog</p>
        <h1 className="h-display mt-3">{post.title}</h1>
        <PostMeta post={post} className="mt-5" />
      </header>
      {/* The opening paragraph has no heading of its own: a div, not a section. */}
      {first && (
        <div className="mt-8">
          {first.image && (
            <PostImage
              image={first.image}
              sizes="(min-width: 768px) 44rem, 92vw"
              loading={loadingFor(post, 0)}
              className="mb-8 rounded-2xl"
            />
          )}
          <Prose html={first.html} className="post-lead" />
        </div>
      )}
      {rest.map((paragraph, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
          key={i}
          className="mt-10 flow-root"
        >
          <ParagraphHeader paragraph={paragraph} index={i + 1} />
          {paragraph.image && (
            <figure className="post-inset mt-5 mb-5 md:float-right md:mb-4 md:ml-8 md:w-[45%]">
              <PostImage
                image={paragraph.image}
                sizes="(min-width: 768px) 20rem, 92vw"
                loading={loadingFor(post, i + 1)}
                className="rounded-xl"
              />
            </figure>
          )}
          <Prose html={paragraph.html} className="mt-4" />
        </section>
      ))}
    </article>
  );
}
