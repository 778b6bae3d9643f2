import { BLOCK_PAGE_TEXTS } from "@common/content/block-pages";
import { JsonLd } from "~/components/JsonLd";
import { blockPageJsonLd } from "~/lib/content/block-page-seo";
import type { BlockPageView, BlockView } from "~/lib/content/block-page-view";
import { FormBlock } from "./FormBlock";
import { HeroBlock } from "./HeroBlock";
import {
  CallToActionBlock,
  CardsBlock,
  FaqBlock,
  FiguresBlock,
  PartnersBlock,
  TestimonialBlock,
} from "./ListBlocks";
import { PictureBlock } from "./PictureBlock";
import { RichTextBlock } from "./RichTextBlock";

function Block({ block, index }: { block: BlockView; index: number }) {
  const id = `block-${index + 1}`;
  const first = index === 0;
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} id={id} first={first} />;
    case "rich-text":
      return <RichTextBlock block={block} id={id} />;
    case "picture":
      return <PictureBlock block={block} id={id} first={first} />;
    case "cards":
      return <CardsBlock block={block} id={id} />;
    case "figures":
      return <FiguresBlock block={block} id={id} />;
    case "faq":
      return <FaqBlock block={block} id={id} />;
    case "testimonial":
      return <TestimonialBlock block={block} id={id} />;
    case "partners":
      return <PartnersBlock block={block} id={id} />;
    case "call-to-action":
      return <CallToActionBlock block={block} id={id} />;
    case "form":
      return <FormBlock block={block} />;
  }
}

/**
 * A page from blocks, as HTML: each block its small component, in the page's order, and the
 * page's JSON-LD (BreadcrumbList; FAQPage; Service with its area). The page's one <h1> is its
 * first block's hero heading, or its title when it starts otherwise.
 */
export function BlockPage({
  view,
  siteUrl,
  notice,
}: {
  view: BlockPageView;
  siteUrl: string;
  notice?: string;
}) {
  const titled = view.blocks[0]?.type === "hero";
  return (
    <>
      {blockPageJsonLd(view, siteUrl).map((data, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one script per kind, in a fixed order
        <JsonLd key={i} data={data} />
      ))}
      {notice && (
        <p role="status" className="container-page py-3 text-sm font-semibold">
          {notice}
        </p>
      )}
      {!titled && (
        <section className="section border-b border-border">
          <div className="container-page">
            <h1 className="h-display">{view.title}</h1>
          </div>
        </section>
      )}
      {view.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
        <Block key={index} block={block} index={index} />
      ))}
      {view.blocks.length === 0 && (
        <p className="container-page section text-muted">{BLOCK_PAGE_TEXTS.empty}</p>
      )}
    </>
  );
}

/** A deleted page's answer (410). */
export function GonePage() {
  return (
    <section className="section">
      <div className="container-page max-w-2xl">
        <p className="eyebrow">410</p>
        <h1 className="h-display mt-3">{BLOCK_PAGE_TEXTS.goneTitle}</h1>
        <p className="lead mt-5">{BLOCK_PAGE_TEXTS.goneLead}</p>
        <p className="mt-8">
          <a href="/" className="btn btn-primary">
            {BLOCK_PAGE_TEXTS.goneHome}
          </a>
        </p>
      </div>
    </section>
  );
}
