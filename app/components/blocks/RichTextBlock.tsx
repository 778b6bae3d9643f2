import type { BlockView } from "~/lib/content/block-page-view";

type RichText = Extract<BlockView, { type: "rich-text" }>;

/** Text the office wrote, cleaned by the blog's sanitiser before it was stored (headings, lists, links). */
export function RichTextBlock({ block, id }: { block: RichText; id: string }) {
  return (
    <section id={id} className="section">
      <div className="container-page">
        <div className="post-prose max-w-3xl" dangerouslySetInnerHTML={{ __html: block.html }} />
      </div>
    </section>
  );
}
