import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Section } from "~/components/PageParts";
import { BlogCard } from "./BlogCard";
import type { BlogCardData } from "./types";

/** A titled row of the newest posts with a link to the whole blog (landing page, after a post). */
export function LatestPosts({
  id,
  eyebrow,
  title,
  cards,
  alt = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  cards: BlogCardData[];
  alt?: boolean;
}) {
  if (cards.length === 0) return null;
  return (
    <Section id={id} eyebrow={eyebrow} title={title} alt={alt}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id}>
            <BlogCard card={card} headingLevel={3} />
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to="/blog" className="link inline-flex items-center gap-1 font-semibold">
          All blog posts
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </Section>
  );
}
