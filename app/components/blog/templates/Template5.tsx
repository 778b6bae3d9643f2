import type { TemplatePost } from "../types";
import { loadingFor, ParagraphHeader, PostImage, PostMeta, Prose } from "./parts";

/**
 * Template 5, split opening: the title on a tinted panel beside the first paragraph's picture,
 * then the text with the later paragraphs numbered in the margin.
 */
export function Template5({ post }: { post: TemplatePost }) {
  const [first, ...rest] = post.paragraphs;
  return (
    <article className="post post-t5 pb-16">
      <header className="post-t5-split grid lg:grid-cols-2">
        <div className="post-t5-intro flex flex-col justify-center py-12 lg:py-20">
          <p className="eyebrow">Blog</p>
          <h1 className="h-display mt-3">{post.title}</h1>
          <PostMeta post={post} className="mt-6" />
        </div>
        <div className="post-t5-media">
          {first?.image && (
            <PostImage
              image={first.image}
              sizes="(min-width: 1024px) 50vw, 100vw"
              loading={loadingFor(post, 0, true)}
            />
          )}
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 pt-12 sm:px-6">
        {first && <Prose html={first.html} className="post-lead" />}
        {rest.map((paragraph, i) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: a post always has the same three paragraphs
            key={i}
            className="post-t5-step mt-12 grid gap-x-6 sm:grid-cols-[4rem_minmax(0,1fr)]"
          >
            <span aria-hidden="true" className="post-t5-number">
              {String(i + 2).padStart(2, "0")}
            </span>
            <div>
              <ParagraphHeader paragraph={paragraph} index={i + 1} />
              {paragraph.image && (
                <PostImage
                  image={paragraph.image}
                  sizes="(min-width: 768px) 40rem, 92vw"
                  loading={loadingFor(post, i + 1)}
                  className="mt-5 rounded-2xl"
                />
              )}
              <Prose html={paragraph.html} className="mt-4" />
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
