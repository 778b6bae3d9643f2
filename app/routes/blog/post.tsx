import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { can } from "@common/staff/roles";
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { BlogTemplate } from "~/components/blog/BlogTemplate";
import { LatestPosts } from "~/components/blog/LatestPosts";
import { JsonLd } from "~/components/JsonLd";
import { cardFromPost, postImageIds, templatePostFromPost } from "~/lib/content/blog-display";
import { blogPostingJsonLd, blogPostMeta, notFoundMeta, type PostSeo } from "~/lib/content/blog-seo";
import { excerpt, plainText } from "~/lib/content/blog-text";
import { setCurrentPost } from "~/lib/content/current-post";
import { foundOr404 } from "~/lib/domain-errors.server";
import { type RootData, siteUrlFrom } from "~/lib/seo";
import { previewerFrom } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/post";

export const handle = { fullBleed: true };

const MORE_POSTS = 3;

/**
 * One post in its template, and the newest others: three small queries whatever the number of
 * posts. Visitors see published posts only (a draft or scheduled id is a 404); a signed-in
 * colleague whose role may write the blog (Owner, Editor) also sees drafts and scheduled posts
 * (the admin's preview of the live page). Any other account (Desk) gets the visitor's 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const blog = context.services.blog;
  const admin = request.headers.has("cookie") ? await previewerFrom(request, context) : undefined;
  const preview = admin !== undefined && can(admin.role, "blog");
  const [{ post, modified }, newest] = await Promise.all([
    foundOr404(blog.getWithModified(params["*"] ?? "", { state: preview ? "all" : "published" })),
    blog.listSummaries({ limit: MORE_POSTS + 1 }),
  ]);
  const others = newest.filter((other) => other._id !== post._id).slice(0, MORE_POSTS);
  const sizes = await blog.imageSizes(postImageIds([post, ...others]));
  const view = templatePostFromPost(post, sizes);
  const seo: PostSeo = {
    id: post._id,
    metaTitle: post.meta_data_title,
    title: post.title,
    // The post's own description and social picture when it has them; derived ones otherwise.
    description: post.meta_description || excerpt(plainText(post.content[0]?.content ?? "")) || post.title,
    dateAdded: post.dateAdded,
    modified,
    image:
      view.paragraphs[post.social_image_paragraph ?? -1]?.image ??
      view.paragraphs.find((paragraph) => paragraph.image)?.image ??
      null,
  };
  const unpublished = post.state === "published" ? null : post.state;
  return { post: view, seo, unpublished, more: others.map((other) => cardFromPost(other, sizes)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta();
  const tags = blogPostMeta(loaderData.seo, siteUrlFrom(matches));
  return loaderData.unpublished ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, seo, more, unpublished } = loaderData;
  const siteUrl = useRouteLoaderData<RootData>("root")?.siteUrl ?? "";
  useEffect(() => {
    setCurrentPost({
      _id: seo.id,
      template: post.template,
      readTime: post.readTime,
      title: post.title,
      content: post.paragraphs,
    });
  }, [seo.id, post]);
  return (
    <>
      {unpublished ? (
        <p role="status" className="container-page pt-6 font-semibold text-brand">
          {BLOG_MESSAGES.states.previewNotice(BLOG_MESSAGES.states.labels[unpublished])}
        </p>
      ) : (
        <JsonLd data={blogPostingJsonLd(seo, siteUrl)} />
      )}
      <BlogTemplate post={post} />
      <LatestPosts id="more-posts" eyebrow="Keep reading" title="More from the blog" cards={more} alt />
    </>
  );
}

/** An unknown or malformed id is a real 404, shown in the public layout. */
export { BlogErrorBoundary as ErrorBoundary } from "~/components/blog/BlogNotFound";
