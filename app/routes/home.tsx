import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LatestPosts } from "~/components/blog/LatestPosts";
import { LandingPopup } from "~/components/LandingPopup";
import { OrganisationJsonLd } from "~/components/OrganisationJsonLd";
import { cardFromPost, postImageIds } from "~/lib/blog-display";
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

/** The landing page shows a blog list (the newest three posts) and the active popup, if any. */
export async function loader({ context }: Route.LoaderArgs) {
  const { blog, popups } = context.services;
  const [newest, popup] = await Promise.all([blog.listSummaries({ limit: 3 }), popups.active()]);
  const sizes = await blog.imageSizes(postImageIds(newest));
  return { posts: newest.map((post) => cardFromPost(post, sizes)), popup };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Organic waste collection across England",
      description:
        "Fenland Organics collects food, farm and process waste from UK businesses and turns it into renewable energy and fertiliser through anaerobic digestion. Based in Peterborough.",
      path: "/",
    },
    siteUrlFrom(matches),
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const { popup } = loaderData;
  return (
    <>
      <OrganisationJsonLd />
      {popup?.title && <LandingPopup popup={popup} />}
      <section id="hero" className="section overflow-hidden">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1.05fr_0.95fr]">
          <div>
            <p className="eyebrow">Organic waste haulage · AD partnerships · Tankering</p>
            <h1 className="h-display mt-3">Organic waste collection across England</h1>
            <p className="lead mt-5 max-w-xl">
              We collect food, farm and process waste from your site and deliver it to anaerobic digestion
              plants, where it becomes renewable energy and fertiliser for the fens.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/quote" className="btn btn-primary">
                Get a Quote
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to="/services" className="btn btn-ghost">
                Explore our services
              </Link>
            </div>
          </div>
          <div className="mx-auto w-full max-w-xl">
            <HeroArt />
          </div>
        </div>
      </section>

      <section id="partners" aria-labelledby="partners-title" className="border-y border-border py-10">
        <div className="container-page">
          <h2
            id="partners-title"
            className="mb-6 text-center text-sm font-bold tracking-wider text-muted uppercase"
          >
            Trusted by growers, processors and AD operators
          </h2>
          <PartnerMarks />
        </div>
      </section>
      <HomeSections />
      <LatestPosts id="blog" eyebrow="From the blog" title="News and guidance" cards={loaderData.posts} />
    </>
  );
}
