import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { BLOG_PAGE_SIZE } from "@common/content/blog-rules";
import { data } from "react-router";
import { BlogCard } from "~/components/blog/BlogCard";
import { Pagination } from "~/components/blog/Pagination";
import { PageHero } from "~/components/PageParts";
import { cardFromPost, postImageIds } from "~/lib/content/blog-display";
import { blogPageHref, blogPageNumber } from "~/lib/content/blog-pages";
import { notFoundMeta } from "~/lib/content/blog-seo";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/list";

export const handle = { fullBleed: true };

/** One page of cards (12), newest first: two small queries whatever the number of posts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = blogPageNumber(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data(null, { status: 404 });
  const blog = context.services.blog;
  const [posts, total] = await Promise.all([
    blog.listSummaries({ limit: BLOG_PAGE_SIZE, offset: (page - 1) * BLOG_PAGE_SIZE }),
    blog.count(),
  ]);
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  const sizes = await blog.imageSizes(postImageIds(posts));
  return { page, pages, cards: posts.map((post) => cardFromPost(post, sizes)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta();
  const { page } = loaderData;
  return pageMeta(
    {
      title: page > 1 ? `Blog, page ${page}` : "Blog",
      description:
        "News and practical guidance on organic waste: food waste rules for businesses, anaerobic digestion, digestate and tankering, from Fenland Organics in Peterborough.",
      path: blogPageHref(page),
    },
    siteUrlFrom(matches),
  );
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { page, pages, cards } = loaderData;
  return (
    <>
      <PageHero
        id="blog-hero"
        eyebrow="The Fenland Organics blog"
        title="Blog"
        lead="News and practical guidance on organic waste, anaerobic digestion and the rules that apply to your business."
      />
      <section
        aria-label={pages > 1 ? `Blog posts, page ${page} of ${pages}` : "Blog posts"}
        className="section"
      >
        <div className="container-page">
          {cards.length === 0 ? (
            <p className="lead text-center">{BLOG_MESSAGES.page.empty}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((card, index) => (
                <li key={card.id}>
                  <BlogCard card={card} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pages} />
        </div>
      </section>
    </>
  );
}

/** An unknown page number is a real 404, shown in the public layout. */
export { BlogErrorBoundary as ErrorBoundary } from "~/components/blog/BlogNotFound";
