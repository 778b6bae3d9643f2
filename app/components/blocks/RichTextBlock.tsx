import type { BlockView } from "~/lib/content/block-page-view";

type RichText = Extract<BlockView, { type: "rich-text" }>;

/** A heading in the text: with one the block is a section, without one a `div` (a section needs a heading). */
const HEADING = /<h[2-6][\s>]/i;

/** Text the office wrote, cleaned by the blog's sanitiser before it was stored (headings, lists, links). */
export function RichTextBlock({ block, id }: { block: RichText; id: string }) {
  const Wrapper = HEADING.test(block.html) ? "section" : "div";
  return (
    <Wrapper id={id} className="section">
      <div className="container-page">
        <div className="post-prose max-w-3xl" dangerouslySetInnerHTML={{ __html: block.html }} />
      </div>
    </Wrapper>
  );
}
