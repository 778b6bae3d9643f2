import type { TemplatePost } from "../types";
import { loadingFor, ParagraphHeader, PostImage, PostMeta, Prose } from "./parts";

/**
 * Template 2, feature: the first paragraph's picture as a full-width hero with the title on a
 * card over its lower edge; the second paragraph sits beside its picture on wide screens.
 */
export function Template2({ post }: { post: TemplatePost }) {
  const [first, second, third] = post.paragraphs;
  return (
    <article className="post post-t2 pb-16">
      <div className="post-t2-hero">
        {first?.image && <PostImage image={first.image} sizes="100vw" loading={loadingFor(post, 0, true)} />}
      </div>
      <header className="post-t2-title card relative mx-4 -mt-16 max-w-4xl sm:mx-6 sm:-mt-24 md:mx-auto md:px-10 md:py-9">
        <p className="eyebrow">Blog</p>
        <h1 className="h-display mt-3">{post.title}</h1>
        <PostMeta post={post} className="mt-5" />
      </header>
      <div className="mx-auto mt-12 max-w-5xl px-4 sm:px-6">
        {first && <Prose html={first.html} className="post-lead mx-auto max-w-3xl" />}
        {second && (
          <section className="mt-12 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div>
              <ParagraphHeader paragraph={second} index={1} />
              <Prose html={second.html} className="mt-4" />
            </div>
            {second.image && (
              <figure className="post-side-figure lg:sticky lg:top-24">
                <PostImage
                  image={second.image}
                  sizes="(min-width: 1024px) 22rem, 92vw"
                  loading={loadingFor(post, 1)}
                  className="rounded-2xl"
                />
              </figure>
            )}
          </section>
        )}
        {third && (
          <section className="mx-auto mt-12 max-w-3xl border-t border-border pt-10">
            <ParagraphHeader paragraph={third} index={2} />
            {third.image && (
              <PostImage
                image={third.image}
                sizes="(min-width: 768px) 48rem, 92vw"
                loading={loadingFor(post, 2)}
                className="mt-5 rounded-2xl"
              />
            )}
            <Prose html={third.html} className="mt-4" />
          </section>
        )}
      </div>
    </article>
  );
}
