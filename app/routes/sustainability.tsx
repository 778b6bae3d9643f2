import { Link } from "react-router";
import { CYCLE_STEPS, CycleInfographic } from "~/components/art/CycleInfographic";
import { PageHero, Section } from "~/components/PageParts";
import { STATS } from "~/content/services";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/sustainability";

export const handle = { fullBleed: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Sustainability",
      description:
        "98% client satisfaction, 67k+ tonnes of organic waste diverted from landfill and 21k+ tonnes CO2e saved: how Fenland Organics closes the organic loop.",
      path: "/sustainability",
    },
    siteUrlFrom(matches),
  );

export default function Sustainability() {
  return (
    <>
      <PageHero
        id="sustainability-hero"
        eyebrow="Sustainability"
        title="Sustainability"
        lead="Organic waste in landfill releases methane. Digested instead, it powers homes and feeds the soil. Every collection we make is a step in that loop."
      />
      <section id="statistics" aria-label="Our impact in numbers" className="section">
        <ul className="container-page grid gap-6 sm:grid-cols-3">
          {STATS.map((stat) => (
            <li key={stat.id} id={`stat-${stat.id}`} className="card text-center">
              <p>
                <span className="block text-5xl font-extrabold text-brand">{stat.value}</span>{" "}
                <span className="text-lg text-muted">{stat.label}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="container-page mt-4 text-sm text-muted">
          Figures since 2016. CO2e saved is in tonnes, against landfill disposal of the same waste.
        </p>
      </section>

      <Section
        id="infographic"
        eyebrow="The organic loop"
        title="From your yard back to the field"
        intro="Five stages turn a collection into energy and fertiliser."
        alt
      >
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <figure>
            <CycleInfographic />
            <figcaption className="sr-only">
              The organic loop: collect, de-package, digest, power, return.
            </figcaption>
          </figure>
          <ol className="flex flex-col gap-4">
            {CYCLE_STEPS.map((step, i) => (
              <li key={step.title} id={`loop-${step.title.toLowerCase()}`} className="card flex gap-4">
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
            <h2 className="h-section">Report your own diversion figures</h2>
            <p className="lead mt-3">
              We send customers an annual summary of tonnes recovered and carbon saved, ready for ESG and SECR
              reporting.
            </p>
          </div>
          <Link to="/contact" className="btn btn-primary">
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
