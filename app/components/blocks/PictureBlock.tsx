import type { BlockView } from "~/lib/content/block-page-view";
import { BlockPicture } from "./BlockPicture";

type Picture = Extract<BlockView, { type: "picture" }>;

/** One picture with its alt text and, when given, a caption (a `div`: no heading, so no section). */
export function PictureBlock({ block, id, first }: { block: Picture; id: string; first: boolean }) {
  return (
    <div id={id} className="section">
      <figure className="container-page max-w-4xl">
        <BlockPicture image={block.image} eager={first} />
        {block.caption && <figcaption className="mt-3 text-center text-muted">{block.caption}</figcaption>}
      </figure>
    </div>
  );
}
