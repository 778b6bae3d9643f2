import type { TemplatePost } from "../types";
import { loadingFor, ParagraphHeader, PostImage, PostMeta, Prose } from "./parts";

/**
 * Template 4, long read: a centred serif title, the opening paragraph set as a pull-quote with a
 * drop capital, and the second paragraph's picture running wider than the text column.
 */
export function Template4({ post }: { post: TemplatePost }) {
  const [first, ...rest] = post.paragraphs;
  return (
    <article className="post post-t4 px-4 py-12 sm:px-6 sm:py-20">
      <header className="mx-auto max-w-3xl text-center">
        <span aria-hidden="true" className="post-t4-rule" />
        <h1 className="post-serif h-display mt-6">{post.title}</h1>
        <PostMeta post={post} className="mt-6 justify-center" />
      </header>
      {first && (
        <section className="mx-auto mt-12 max-w-2xl">
          {first.image && (
            <PostImage
              image={first.image}
              sizes="(min-width: 768px) 42rem, 92vw"
              loading={loadingFor(post, 0)}
              className="mb-10 rounded-sm"
            />
          )}
          <Prose html={first.html} className="post-pullquote post-serif" />
        </section>
      )}
      {rest.map((paragraph, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
          key={i}
          className="post-t4-section mt-14"
        >
          <ParagraphHeader
            paragraph={paragraph}
            index={i + 1}
            className="post-serif mx-auto max-w-2xl text-center"
          />
          {paragraph.image && (
            <figure className="post-wide-figure mx-auto mt-8 max-w-5xl">
              <PostImage
                image={paragraph.image}
                sizes="(min-width: 1088px) 64rem, 100vw"
                loading={loadingFor(post, i + 1)}
                className="rounded-sm"
              />
            </figure>
          )}
          <Prose html={paragraph.html} className="post-serif mx-auto mt-8 max-w-2xl" />
        </section>
      ))}
    </article>
  );
}
