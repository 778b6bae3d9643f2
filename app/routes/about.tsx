import { Link } from "react-router";
import { PageHero, Section } from "~/components/PageParts";
import { PagePicture } from "~/components/PagePicture";
import { pageContent, pagePicture } from "~/lib/content/page-content.server";
import { lazySection } from "~/lib/lazy-section";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/about";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const DigesterArt = staticIsland(() => import("~/components/art/DigesterArt"));

// The lower sections load lazily (their own chunk), still in the server-rendered HTML.
const AboutSections = lazySection(() => import("~/components/about/AboutSections"));

export const handle = { fullBleed: true };

/** The page's words as published (from memory). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageContent("page-about", request, context);
  return { page, picture: await pagePicture(page.hero.picture, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      title: loaderData?.page.seo.title ?? "",
      description: loaderData?.page.seo.description ?? "",
      path: "/about",
    },
    siteUrlFrom(matches),
  );

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, picture } = loaderData;
  return (
    <>
      <PageHero
        id="about-hero"
        eyebrow={page.hero.eyebrow}
        title={page.hero.title}
        art={<PagePicture picture={picture} art={<DigesterArt />} />}
        lead={page.hero.lead}
      >
        <Link to="/contact" className="btn btn-primary">
          {page.hero.action}
        </Link>
      </PageHero>

      <Section id="mission" eyebrow={page.mission.eyebrow} title={page.mission.title}>
        <div id="mission-text" className="prose-page max-w-3xl text-lg">
          {page.mission.paragraphs.map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
            <p key={i}>{paragraph.text}</p>
          ))}
        </div>
      </Section>
      <AboutSections />
    </>
  );
}
