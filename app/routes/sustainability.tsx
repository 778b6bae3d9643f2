import { Link } from "react-router";
import { CycleInfographic } from "~/components/art/CycleInfographic";
import { PageHero, Section } from "~/components/PageParts";
import { figureId } from "~/content/services";
import { pageContent } from "~/lib/content/page-content.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/sustainability";

export const handle = { fullBleed: true };

/** The page's words and figures as published (from memory). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await pageContent("page-sustainability", request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      title: loaderData?.page.seo.title ?? "",
      description: loaderData?.page.seo.description ?? "",
      path: "/sustainability",
    },
    siteUrlFrom(matches),
  );

export default function Sustainability({ loaderData }: Route.ComponentProps) {
  const { hero, figures, loop, callToAction } = loaderData.page;
  return (
    <>
      <PageHero id="sustainability-hero" eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />
      <section id="statistics" aria-label={figures.label} className="section">
        <ul className="container-page grid gap-6 sm:grid-cols-3">
          {figures.items.map((stat, i) => (
            <li key={figureId(i)} id={`stat-${figureId(i)}`} className="card text-center">
              <p>
                <span className="block text-5xl font-extrabold text-brand">{stat.value}</span>{" "}
                <span className="text-lg text-muted">{stat.label}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="container-page mt-4 text-sm text-muted">{figures.note}</p>
      </section>

      <Section id="infographic" eyebrow={loop.eyebrow} title={loop.title} intro={loop.intro} alt>
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <figure>
            <CycleInfographic stages={loop.steps.length} figure={loop.ringFigure} label={loop.ringLabel} />
            <figcaption className="sr-only">{loop.caption}</figcaption>
          </figure>
          <ol className="flex flex-col gap-4">
            {loop.steps.map((step, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: two stages may share a name while typed
                key={i}
                id={`loop-${step.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}
                className="card flex gap-4"
              >
                <span className="text-2xl font-extrabold text-brand" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="text-lg font-bold">{step.title}</h3>
                  <p className="text-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Section>

      <section id="sustainability-contact" className="section">
        <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 className="h-section">{callToAction.title}</h2>
            <p className="lead mt-3">{callToAction.lead}</p>
          </div>
          <Link to="/contact" className="btn btn-primary">
            {callToAction.action}
          </Link>
        </div>
      </section>
    </>
  );
}
