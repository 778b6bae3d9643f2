import type { BlockView } from "~/lib/content/block-page-view";
import { BlockPicture } from "./BlockPicture";

type Of<T extends BlockView["type"]> = Extract<BlockView, { type: T }>;

/** A block's heading, when it has one (an <h2>: the page's <h1> is its hero or its title). */
function Heading({ id, text }: { id: string; text: string }) {
  return text ? (
    <h2 id={`${id}-title`} className="h-section mb-8">
      {text}
    </h2>
  ) : null;
}

const labelled = (id: string, heading: string) => (heading ? { "aria-labelledby": `${id}-title` } : {});

/** A block with a heading is a section; one without is a `div` (a section needs a heading: the Nu checker). */
const wrapper = (heading: string) => (heading ? "section" : "div");

/** Cards: a feature list of titles with their text. */
export function CardsBlock({ block, id }: { block: Of<"cards">; id: string }) {
  const Wrapper = wrapper(block.heading);
  return (
    <Wrapper id={id} className="section" {...labelled(id, block.heading)}>
      <div className="container-page">
        <Heading id={id} text={block.heading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards have no identity but their place
            <li key={i} className="card flex flex-col gap-3">
              <h3 className="h-card">{item.title}</h3>
              {item.text && <p className="text-muted">{item.text}</p>}
            </li>
          ))}
        </ul>
      </div>
    </Wrapper>
  );
}

/** Figures, like Sustainability's: a value and what it counts. */
export function FiguresBlock({ block, id }: { block: Of<"figures">; id: string }) {
  const Wrapper = wrapper(block.heading);
  return (
    <Wrapper id={id} className="section section-alt" {...labelled(id, block.heading)}>
      <div className="container-page">
        <Heading id={id} text={block.heading} />
        <ul className="grid gap-6 sm:grid-cols-3">
          {block.items.map((stat, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the figures have no identity but their place
            <li key={i} className="card text-center">
              <p>
                <span className="block text-4xl font-extrabold text-brand">{stat.value}</span>{" "}
                <span className="text-muted">{stat.label}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Wrapper>
  );
}

/** Questions and answers, each a disclosure that works without JavaScript (and FAQPage JSON-LD). */
export function FaqBlock({ block, id }: { block: Of<"faq">; id: string }) {
  const Wrapper = wrapper(block.heading);
  return (
    <Wrapper id={id} className="section" {...labelled(id, block.heading)}>
      <div className="container-page max-w-3xl">
        <Heading id={id} text={block.heading} />
        <div className="flex flex-col gap-3">
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the questions have no identity but their place
            <details key={i} className="card">
              <summary className="cursor-pointer font-semibold">{item.question}</summary>
              <p className="mt-3 whitespace-pre-line text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </Wrapper>
  );
}

/** A customer's words (a `div`: a testimonial has no heading to make it a section). */
export function TestimonialBlock({ block, id }: { block: Of<"testimonial">; id: string }) {
  return (
    <div id={id} className="section section-alt">
      <figure className="container-page max-w-3xl">
        <blockquote className="lead">
          <p>“{block.quote}”</p>
        </blockquote>
        <figcaption className="mt-4 font-semibold">
          {block.name}
          {block.company && <span className="text-muted">, {block.company}</span>}
        </figcaption>
      </figure>
    </div>
  );
}

/** Partners' logos, each with its name as its alt text; lazily loaded. */
export function PartnersBlock({ block, id }: { block: Of<"partners">; id: string }) {
  const Wrapper = wrapper(block.heading);
  return (
    <Wrapper id={id} className="section" {...labelled(id, block.heading)}>
      <div className="container-page">
        <Heading id={id} text={block.heading} />
        <ul className="grid grid-cols-2 items-center gap-8 sm:grid-cols-4">
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the logos have no identity but their place
            <li key={i}>
              <BlockPicture
                image={item.image}
                eager={false}
                sizes="12rem"
                className="mx-auto h-auto max-h-20 w-auto object-contain"
              />
            </li>
          ))}
        </ul>
      </div>
    </Wrapper>
  );
}

/** A heading, a line and one button: to the quote, the contact page, a phone number or a page. */
export function CallToActionBlock({ block, id }: { block: Of<"call-to-action">; id: string }) {
  return (
    <section id={id} className="section section-alt">
      <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 className="h-section">{block.heading}</h2>
          {block.text && <p className="lead mt-3">{block.text}</p>}
        </div>
        <a href={block.link.href} className="btn btn-primary">
          {block.link.label}
        </a>
      </div>
    </section>
  );
}
