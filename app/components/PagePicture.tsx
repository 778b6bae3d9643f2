import type { ReactNode } from "react";
import type { TemplateImage } from "~/components/blog/types";

/**
 * A page's picture in place of its artwork: the uploaded image the page's document sets (with its
 * alt text), else the artwork drawn in code.
 */
export function PagePicture({ picture, art }: { picture: TemplateImage | null; art: ReactNode }) {
  if (!picture) return <>{art}</>;
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes="(min-width: 1024px) 36rem, 100vw"
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      className="h-auto w-full rounded-3xl object-cover"
    />
  );
}
