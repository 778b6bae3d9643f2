import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** sharp (libvips), loaded on first use: most starts never touch an image (about 70 ms saved). */
function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Each image is processed once (renditions are kept in the database): libvips' operation cache
    // would only hold memory. One thread per operation.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/**
 * Runs image work one job at a time. Decoding a 12-megapixel photo takes about 40 MB; the thread
 * pool would run four at once (uploads, first requests for renditions) and the allocator keeps
 * what each thread used. See docs/decisions/0016-memory-budget.md.
 */
export function processImage<T>(work: (sharp: typeof Sharp) => Promise<T>): Promise<T> {
  const run = queue.then(loadSharp).then(work);
  queue = run.catch(() => {});
  return run;
}
