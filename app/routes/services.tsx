import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero, Section } from "~/components/PageParts";
import { ServiceIcon } from "~/components/ServiceIcon";
import { SERVICES } from "~/content/services";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/services";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const DigesterArt = staticIsland(() => import("~/components/art/DigesterArt"));

export const handle = { fullBleed: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Services",
      description:
        "Organic waste haulage, anaerobic digestion plant partnerships, waste water tankering and waste consultation for UK businesses, from Fenland Organics.",
      path: "/services",
    },
    siteUrlFrom(matches),
  );

const STEPS = [
  {
    id: "step-quote",
    title: "Tell us about your waste",
    text: "Type, volume and how often: our quote wizard asks six short questions.",
  },
  {
    id: "step-survey",
    title: "We check the details",
    text: "A site visit or a call confirms access, containers and the right EWC codes.",
  },
  {
    id: "step-collect",
    title: "Collections begin",
    text: "Usually within a week, with a named driver and a fixed collection window.",
  },
];

export default function Services() {
  return (
    <>
      <PageHero
        id="services-hero"
        eyebrow="Our services"
        title="Services"
        art={<DigesterArt />}
        lead="Four ways we help businesses that produce organic waste: collecting it, finding it a digester, pumping it out, and getting the paperwork right."
      />
      <section id="service-cards" aria-label="Our four services" className="section">
        <ul className="container-page grid gap-6 md:grid-cols-2">
          {SERVICES.map((service) => (
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
      <Section id="how-it-works" eyebrow="Getting started" title="How it works" alt>
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.id} id={step.id} className="card">
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
