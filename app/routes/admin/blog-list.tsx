import { BLOG_LIST_TEXT } from "@common/admin-messages";
import { BLOG_LIMITS } from "@common/blog";
import { Link, useLocation, useNavigation } from "react-router";
import { ListHeader } from "~/components/admin/ListHeader";
import { BlogCard } from "~/components/blog/BlogCard";
import { ADMIN_SEARCH_PARAM } from "~/lib/admin-search";
import { ADMIN_PAGE_HEADERS, requireAdmin } from "~/lib/admin-session.server";
import { BLOG_ADMIN_PATHS } from "~/lib/blog-admin-paths";
import { cardFromPost } from "~/lib/blog-display";
import type { Route } from "./+types/blog-list";

export const meta: Route.MetaFunction = () => [
  { title: "Blogs | Fenland Organics" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ADMIN_PAGE_HEADERS;

/** Cards per 'Load more'; the URL's `shown` says how many are on screen, so a reload keeps them. */
const PAGE_SIZE = 24;
const MAX_SHOWN = 2400;
const SHOWN_PARAM = "shown";

/**
 * The newest posts without their bodies, filtered on the server by the top-bar search, so a
 * thousand posts cost no more than the cards on screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const term = (params.get(ADMIN_SEARCH_PARAM) ?? "").trim().slice(0, BLOG_LIMITS.title);
  const asked = Math.ceil(Number(params.get(SHOWN_PARAM)) / PAGE_SIZE) * PAGE_SIZE;
  const shown = Number.isFinite(asked) ? Math.min(Math.max(asked, PAGE_SIZE), MAX_SHOWN) : PAGE_SIZE;
  const { blog } = context.services;
  const [posts, total] = await Promise.all([
    blog.listSummaries({ limit: shown, titleContains: term }),
    blog.count({ titleContains: term }),
  ]);
  const sizes = await blog.imageSizes(posts.flatMap((post) => (post.img ? [post.img] : [])));
  return { cards: posts.map((post) => cardFromPost(post, sizes)), total, term };
}

/** SPEC: the blog list with 'Create New Blog', a loading indicator and the top-bar search. */
export default function AdminBlogList({ loaderData }: Route.ComponentProps) {
  const { cards, total, term } = loaderData;
  const navigation = useNavigation();
  const { search } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === BLOG_ADMIN_PATHS.list;
  const more = new URLSearchParams(search);
  more.set(SHOWN_PARAM, String(cards.length + PAGE_SIZE));

  return (
    <div className="grid gap-6">
      <ListHeader
        title="Blogs"
        loading={loading}
        createTo={BLOG_ADMIN_PATHS.templates}
        createLabel="Create New Blog"
      />
      {cards.length === 0 ? (
        <p className="card text-center font-semibold text-muted">
          {term ? BLOG_LIST_TEXT.noMatch(term) : BLOG_LIST_TEXT.empty}
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={loading}>
          {cards.map((card, index) => (
            <li key={card.id}>
              <BlogCard card={card} priority={index < 3} />
            </li>
          ))}
        </ul>
      )}
      {cards.length < total && (
        <div className="flex flex-wrap items-center gap-4">
          <Link to={`?${more}`} preventScrollReset replace className="btn btn-ghost">
            Load more
          </Link>
          <p className="text-sm text-muted">
            Showing {cards.length} of {total}
          </p>
        </div>
      )}
    </div>
  );
}
