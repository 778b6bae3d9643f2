import type { BlockView } from "~/lib/content/block-page-view";
import { BlockPicture } from "./BlockPicture";

type Hero = Extract<BlockView, { type: "hero" }>;

/** The page's top band: its heading (the page's one <h1> when it comes first), text, picture and button. */
export function HeroBlock({ block, id, first }: { block: Hero; id: string; first: boolean }) {
  const Heading = first ? "h1" : "h2";
  return (
    <section id={id} className="section border-b border-border">
      <div
        className={`container-page grid items-center gap-10 ${block.image ? "lg:grid-cols-[1.1fr_0.9fr]" : ""}`}
      >
        <div className="max-w-3xl">
          <Heading className="h-display">{block.heading}</Heading>
          {block.text && <p className="lead mt-5">{block.text}</p>}
          {block.link && (
            <p className="mt-8">
              <a href={block.link.href} className="btn btn-primary">
                {block.link.label}
              </a>
            </p>
          )}
        </div>
        {block.image && (
          <div className="mx-auto w-full max-w-lg">
            <BlockPicture image={block.image} eager={first} sizes="(min-width: 1024px) 32rem, 100vw" />
          </div>
        )}
      </div>
    </section>
  );
}
