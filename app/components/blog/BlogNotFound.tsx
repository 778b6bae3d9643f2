import { BLOG_MESSAGES } from "@common/content/blog-messages";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The blog's 404 page, inside the public layout (the loader answered 404). */
export function BlogNotFound() {
  return (
    <section className="section">
      <div className="container-page max-w-2xl text-center">
        <p className="eyebrow">404</p>
        <h1 className="h-display mt-3">{BLOG_MESSAGES.page.notFoundTitle}</h1>
        <p className="lead mt-5">{BLOG_MESSAGES.page.notFoundText}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/blog" className="btn btn-primary">
            Read the blog
          </Link>
          <Link to="/" className="btn btn-ghost">
            Back to the home page
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Route error boundary of the blog pages: a 404 from the loader shows BlogNotFound; other errors go up. */
export function BlogErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <BlogNotFound />;
  throw error;
}
