/** The /blog list's pages: which page an address asks for, each page's address and the page links to offer. */

/** The /blog page number from `?page=`: 1 when absent, null when it is not a page number. */
export function blogPageNumber(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** The address of page `n` of /blog (page 1 is /blog itself). */
export const blogPageHref = (n: number) => (n === 1 ? "/blog" : `/blog?page=${n}`);

/** Page numbers to offer: the first, the last, and the current one with its neighbours; null marks a gap. */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const previous = shown[i - 1];
    if (previous === undefined || n === previous + 1) return [n];
    // A gap of one page shows that page rather than a gap marker.
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}
