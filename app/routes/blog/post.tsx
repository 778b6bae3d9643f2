import { useEffect } from "react";
import { data, useRouteLoaderData } from "react-router";
import { BlogTemplate } from "~/components/blog/BlogTemplate";
import { LatestPosts } from "~/components/blog/LatestPosts";
import { JsonLd } from "~/components/JsonLd";
import { cardFromPost, excerpt, plainText, postImageIds, templatePostFromPost } from "~/lib/blog-display";
import { blogPostingJsonLd, blogPostMeta, notFoundMeta, type PostSeo } from "~/lib/blog-seo";
import { setCurrentPost } from "~/lib/current-post";
import { type RootData, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/post";

export const handle = { fullBleed: true };

const MORE_POSTS = 3;

/** One post in its template, and the newest others: three small queries whatever the number of posts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const blog = context.services.blog;
  const [found, newest] = await Promise.all([
    blog.getWithModified(params["*"] ?? ""),
    blog.listSummaries({ limit: MORE_POSTS + 1 }),
  ]);
  if (!found) throw data(null, { status: 404 });
  const { post, modified } = found;
  const others = newest.filter((other) => other._id !== post._id).slice(0, MORE_POSTS);
  const sizes = await blog.imageSizes(postImageIds([post, ...others]));
  const view = templatePostFromPost(post, sizes);
  const seo: PostSeo = {
    id: post._id,
    metaTitle: post.meta_data_title,
    title: post.title,
    description: excerpt(plainText(post.content[0]?.content ?? "")) || post.title,
    dateAdded: post.dateAdded,
    modified,
    image: view.paragraphs.find((paragraph) => paragraph.image)?.image ?? null,
  };
  return { post: view, seo, more: others.map((other) => cardFromPost(other, sizes)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? blogPostMeta(loaderData.seo, siteUrlFrom(matches)) : notFoundMeta();

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, seo, more } = loaderData;
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
      <JsonLd data={blogPostingJsonLd(seo, siteUrl)} />
      <BlogTemplate post={post} />
      <LatestPosts id="more-posts" eyebrow="Keep reading" title="More from the blog" cards={more} alt />
    </>
  );
}

/** An unknown or malformed id is a real 404, shown in the public layout. */
export { BlogErrorBoundary as ErrorBoundary } from "~/components/blog/BlogNotFound";
