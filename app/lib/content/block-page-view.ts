import { actionHref, type Block, type BlockAction, type BlockPage } from "@common/content/block-pages";
import type { ImageSizes } from "@common/content/blog";
import type { TemplateImage } from "~/components/blog/types";
import { templateImage } from "./blog-display";

/** A call to action as a link draws it. */
export interface ActionView {
  label: string;
  href: string;
}

/** A block as its component draws it: its pictures resolved (stored size, WebP widths), links made. */
export type BlockView =
  | (Extract<Block, { type: "hero" }> & { image: TemplateImage | null; link: ActionView | null })
  | (Extract<Block, { type: "picture" }> & { image: TemplateImage })
  | (Omit<Extract<Block, { type: "partners" }>, "items"> & {
      items: Array<{ name: string; image: TemplateImage }>;
    })
  | (Extract<Block, { type: "call-to-action" }> & { link: ActionView })
  | Exclude<Block, { type: "hero" | "picture" | "partners" | "call-to-action" }>;

/** A page from blocks as the public route draws it. */
export interface BlockPageView {
  address: string;
  title: string;
  description: string;
  noindex: boolean;
  canonical: string;
  social: TemplateImage | null;
  area: BlockPage["area"];
  blocks: BlockView[];
  /** The index of the enquiry form's block, if the page has one (its island loads then). */
  formAt: number;
  modified: string | null;
}

const link = (action: BlockAction): ActionView => ({ label: action.label, href: actionHref(action) });

/** Every picture id the page names (one query for their sizes). */
export function blockPageImageIds(page: BlockPage): string[] {
  const ids = page.blocks.flatMap((block) =>
    block.type === "hero" || block.type === "picture"
      ? [block.imageId]
      : block.type === "partners"
        ? block.items.map((item) => item.imageId)
        : [],
  );
  return [...new Set([page.socialImageId, ...ids].filter(Boolean))];
}

/** The page's view: plain data for its components, with each picture's stored size. */
export function blockPageView(page: BlockPage, sizes: ImageSizes, modified: string | null): BlockPageView {
  const blocks = page.blocks.map((block): BlockView => {
    switch (block.type) {
      case "hero":
        return {
          ...block,
          image: block.imageId ? templateImage(block.imageId, block.alt, sizes) : null,
          link: block.action ? link(block.action) : null,
        };
      case "picture":
        return { ...block, image: templateImage(block.imageId, block.alt, sizes) };
      case "partners":
        return {
          ...block,
          items: block.items.map((item) => ({
            name: item.name,
            image: templateImage(item.imageId, item.name, sizes),
          })),
        };
      case "call-to-action":
        return { ...block, link: link(block.action) };
      default:
        return block;
    }
  });
  return {
    address: page.address,
    title: page.title,
    description: page.description,
    noindex: page.noindex,
    canonical: page.canonical,
    social: page.socialImageId ? templateImage(page.socialImageId, page.title, sizes) : null,
    area: page.area,
    blocks,
    formAt: blocks.findIndex((block) => block.type === "form"),
    modified,
  };
}
