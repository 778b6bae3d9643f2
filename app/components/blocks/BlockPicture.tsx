import type { TemplateImage } from "~/components/blog/types";

/**
 * A block's picture through the image pipeline: the stored original's size reserves its space,
 * WebP widths in srcset; below the fold it loads lazily (the first block's eagerly: it may be the
 * largest paint).
 */
export function BlockPicture({
  image,
  eager,
  sizes = "(min-width: 1024px) 48rem, 100vw",
  className = "h-auto w-full rounded-3xl object-cover",
}: {
  image: TemplateImage;
  eager: boolean;
  sizes?: string;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={className}
    />
  );
}
