import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { blogPageHref, pageWindow } from "~/lib/content/blog-pages";

/** Numbered pages of /blog as real links (crawlable, work without JavaScript). */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Blog pages" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={blogPageHref(page - 1)} rel="prev" className="page-link">
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gap markers have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={blogPageHref(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className="page-link"
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={blogPageHref(page + 1)} rel="next" className="page-link">
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
