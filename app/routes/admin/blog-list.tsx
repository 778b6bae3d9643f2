import type { BlogPostSummary } from "@common/content/blog";
import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { BLOG_LIMITS, POST_STATES, type PostState } from "@common/content/blog-rules";
import { Link, useLocation, useNavigation } from "react-router";
import { ListHeader } from "~/components/admin/ListHeader";
import { BlogCard } from "~/components/blog/BlogCard";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { ADMIN_SEARCH_PARAM } from "~/lib/admin-search";
import { BLOG_ADMIN_PATHS } from "~/lib/content/blog-admin-paths";
import { cardFromPost } from "~/lib/content/blog-display";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import { ukTime } from "~/lib/uk-time";
import type { Route } from "./+types/blog-list";

export const meta = adminMeta("Blogs");

export const headers = adminHeaders;

/** Cards per 'Load more'; the URL's `shown` says how many are on screen, so a reload keeps them. */
const PAGE_SIZE = 24;
const MAX_SHOWN = 2400;
const SHOWN_PARAM = "shown";
const STATE_PARAM = "state";

/** A post's state as its card says it: Draft, Published, or Scheduled for its time (UK time). */
function stateText(post: BlogPostSummary) {
  if (post.state === "scheduled" && post.publishAt)
    return BLOG_MESSAGES.states.scheduledFor(ukTime(post.publishAt));
  return BLOG_MESSAGES.states.labels[post.state];
}

/** The state filter: every state, or one; the search term is kept. */
function StateFilter({ state }: { state: string }) {
  const { search } = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(search);
    params.delete(SHOWN_PARAM);
    if (value === "all") params.delete(STATE_PARAM);
    else params.set(STATE_PARAM, value);
    const query = params.toString();
    return query ? `?${query}` : BLOG_ADMIN_PATHS.list;
  };
  const choices = [
    ["all", BLOG_MESSAGES.states.all],
    ...POST_STATES.map((s) => [s, BLOG_MESSAGES.states.labels[s]]),
  ];
  return (
    <nav aria-label={BLOG_MESSAGES.states.filter}>
      <ul className="flex flex-wrap gap-2">
        {choices.map(([value, label]) => (
          <li key={value}>
            <Link
              to={href(value)}
              replace
              preventScrollReset
              aria-current={value === state ? "page" : undefined}
              className={`btn ${value === state ? "btn-primary" : "btn-ghost"}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The newest posts without their bodies, filtered on the server by the top-bar search, so a
 * thousand posts cost no more than the cards on screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "blog");
  const params = new URL(request.url).searchParams;
  const term = (params.get(ADMIN_SEARCH_PARAM) ?? "").trim().slice(0, BLOG_LIMITS.title);
  const asked = params.get(STATE_PARAM);
  const state: PostState | "all" = POST_STATES.find((known) => known === asked) ?? "all";
  const wanted = Math.ceil(Number(params.get(SHOWN_PARAM)) / PAGE_SIZE) * PAGE_SIZE;
  const shown = Number.isFinite(wanted) ? Math.min(Math.max(wanted, PAGE_SIZE), MAX_SHOWN) : PAGE_SIZE;
  const { blog } = context.services;
  const [posts, total] = await Promise.all([
    blog.listSummaries({ limit: shown, titleContains: term, state }),
    blog.count({ titleContains: term, state }),
  ]);
  const sizes = await blog.imageSizes(posts.flatMap((post) => (post.img ? [post.img] : [])));
  const cards = posts.map((post) => ({ ...cardFromPost(post, sizes), state: stateText(post) }));
  return { cards, total, term, state };
}

/** The blog list with 'Create New Blog', a loading indicator and the top-bar search. */
export default function AdminBlogList({ loaderData }: Route.ComponentProps) {
  const { cards, total, term, state } = loaderData;
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
      <StateFilter state={state} />
      {cards.length === 0 ? (
        <p className="card text-center font-semibold text-muted">
          {term
            ? BLOG_MESSAGES.list.noMatch(term)
            : state === "all"
              ? BLOG_MESSAGES.list.empty
              : BLOG_MESSAGES.states.noneInState(BLOG_MESSAGES.states.labels[state])}
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
