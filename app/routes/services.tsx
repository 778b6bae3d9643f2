import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero, Section } from "~/components/PageParts";
import { PagePicture } from "~/components/PagePicture";
import { ServiceIcon } from "~/components/ServiceIcon";
import { serviceCards } from "~/content/services";
import { pageContent, pagePicture } from "~/lib/content/page-content.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/services";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const DigesterArt = staticIsland(() => import("~/components/art/DigesterArt"));

export const handle = { fullBleed: true };

/** The page's words as published (from memory). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageContent("page-services", request, context);
  return { page, picture: await pagePicture(page.hero.picture, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      title: loaderData?.page.seo.title ?? "",
      description: loaderData?.page.seo.description ?? "",
      path: "/services",
    },
    siteUrlFrom(matches),
  );

/** The steps' anchors by position (later steps are numbered). */
const STEP_IDS = ["step-quote", "step-survey", "step-collect"];

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page, picture } = loaderData;
  return (
    <>
      <PageHero
        id="services-hero"
        eyebrow={page.hero.eyebrow}
        title={page.hero.title}
        art={<PagePicture picture={picture} art={<DigesterArt />} />}
        lead={page.hero.lead}
      />
      <section id="service-cards" aria-label={page.cardsLabel} className="section">
        <ul className="container-page grid gap-6 md:grid-cols-2">
          {serviceCards(page.services).map((service) => (
            <li key={service.id} id={service.id} className="card flex flex-col gap-4">
              <ServiceIcon name={service.icon} />
              <h2 className="h-card text-2xl">{service.title}</h2>
              <p className="text-muted">{service.summary}</p>
              <Link
                to={service.to}
                className="btn btn-ghost mt-auto self-start"
                aria-label={`${service.title}: ${service.action}`}
              >
                {service.action}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Section id="how-it-works" eyebrow={page.steps.eyebrow} title={page.steps.title} alt>
        <ol className="grid gap-6 md:grid-cols-3">
          {page.steps.items.map((step, i) => (
            <li key={STEP_IDS[i] ?? i} id={STEP_IDS[i] ?? `step-${i + 1}`} className="card">
              <p className="text-sm font-bold text-brand">Step {i + 1}</p>
              <h3 className="h-card mt-1">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
