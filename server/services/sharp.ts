import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on first use: most starts never touch an image and the native library
 * costs about 70 ms of start-up. Set for a small server: one libvips thread per operation and no
 * operation cache (each image is resized once and its rendition kept in the database, so the
 * cache only held memory; see docs/decisions/memory-budget.md).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
