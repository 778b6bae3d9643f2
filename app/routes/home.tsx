import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LatestPosts } from "~/components/blog/LatestPosts";
import { LandingPopup } from "~/components/LandingPopup";
import { OrganisationJsonLd } from "~/components/OrganisationJsonLd";
import { PagePicture } from "~/components/PagePicture";
import { cardFromPost, postImageIds } from "~/lib/content/blog-display";
import { pageContent, pagePicture } from "~/lib/content/page-content.server";
import { lazySection } from "~/lib/lazy-section";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/home";

// The landing page's lower sections load lazily (their own chunk), still in the HTML.
const HomeSections = lazySection(() => import("~/components/home/HomeSections"));
// The hero's artwork and the partners' marks have nothing to hydrate: in the HTML, not in the JavaScript.
const HeroArt = staticIsland(() => import("~/components/art/HeroArt"));
const PartnerMarks = staticIsland(() => import("~/components/art/PartnerMarks"));

export const handle = { fullBleed: true };

/**
 * The landing page: its words (and the services' cards and the sustainability figures, their
 * pages' own) as published, a blog list (the newest three posts) and the active popup, if any.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { blog, popups } = context.services;
  const [newest, popup, page, services, sustainability] = await Promise.all([
    blog.listSummaries({ limit: 3 }),
    popups.active(),
    pageContent("page-home", request, context),
    pageContent("page-services", request, context),
    pageContent("page-sustainability", request, context),
  ]);
  const [sizes, picture] = await Promise.all([
    blog.imageSizes(postImageIds(newest)),
    pagePicture(page.hero.picture, context),
  ]);
  return {
    posts: newest.map((post) => cardFromPost(post, sizes)),
    popup,
    page,
    picture,
    services: services.services,
    figures: sustainability.figures.items,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      title: loaderData?.page.seo.title ?? "",
      description: loaderData?.page.seo.description ?? "",
      path: "/",
    },
    siteUrlFrom(matches),
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const { popup, page, picture } = loaderData;
  const { hero } = page;
  return (
    <>
      <OrganisationJsonLd />
      {popup?.title && <LandingPopup popup={popup} />}
      <section id="hero" className="section overflow-hidden">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1.05fr_0.95fr]">
          <div>
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 className="h-display mt-3">{hero.title}</h1>
            <p className="lead mt-5 max-w-xl">{hero.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/quote" className="btn btn-primary">
                {hero.primaryAction}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to="/services" className="btn btn-ghost">
                {hero.secondaryAction}
              </Link>
            </div>
          </div>
          <div className="mx-auto w-full max-w-xl">
            <PagePicture picture={picture} art={<HeroArt />} />
          </div>
        </div>
      </section>

      <section id="partners" aria-labelledby="partners-title" className="border-y border-border py-10">
        <div className="container-page">
          <h2
            id="partners-title"
            className="mb-6 text-center text-sm font-bold tracking-wider text-muted uppercase"
          >
            {page.partnersTitle}
          </h2>
          <PartnerMarks />
        </div>
      </section>
      <HomeSections />
      <LatestPosts id="blog" eyebrow={page.blog.eyebrow} title={page.blog.title} cards={loaderData.posts} />
    </>
  );
}
