import { Leaf, Recycle, ShieldCheck } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { Section } from "~/components/PageParts";
import { ServiceIcon } from "~/components/ServiceIcon";
import { serviceCards } from "~/content/services";
import type { loader } from "~/routes/home";

/** The reasons' anchors and icons, by position (later reasons are numbered and repeat the icons). */
const REASONS = [
  { id: "reason-compliance", icon: ShieldCheck },
  { id: "reason-recovery", icon: Recycle },
  { id: "reason-local", icon: Leaf },
];
const reasonOf = (i: number) => ({
  id: REASONS[i]?.id ?? `reason-${i + 1}`,
  Icon: REASONS[i % REASONS.length].icon,
});

/** The home page below the fold: loaded lazily, streamed into the server-rendered HTML; its words from the page's loader. */
export default function HomeSections() {
  const { page, services, figures } = useLoaderData<typeof loader>();
  return (
    <>
      <Section
        id="services"
        eyebrow={page.services.eyebrow}
        title={page.services.title}
        intro={page.services.intro}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {serviceCards(services).map((service) => (
            <li key={service.id} id={`home-${service.id}`} className="card flex flex-col gap-3">
              <ServiceIcon name={service.icon} />
              <h3 className="h-card">{service.title}</h3>
              <p className="text-muted">{service.summary}</p>
              <Link to={service.to} className="link mt-auto font-semibold">
                {service.action}
                <span className="sr-only"> for {service.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="why-us" eyebrow={page.reasons.eyebrow} title={page.reasons.title} alt>
        <ul className="grid gap-6 md:grid-cols-3">
          {page.reasons.items.map(({ title, text }, i) => {
            const { id, Icon } = reasonOf(i);
            return (
              <li key={id} id={id} className="card">
                <Icon aria-hidden="true" className="size-7 text-brand" />
                <h3 className="h-card mt-3">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="impact" eyebrow={page.impact.eyebrow} title={page.impact.title}>
        <ul className="grid gap-6 sm:grid-cols-3">
          {figures.map((stat, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the figures have no identity but their place
            <li key={i} className="card text-center">
              <p>
                <span className="block text-4xl font-extrabold text-brand">{stat.value}</span>{" "}
                <span className="text-muted">{stat.label}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/sustainability" className="link font-semibold">
            {page.impact.link}
          </Link>
        </p>
      </Section>

      <section id="call-to-action" className="section section-alt">
        <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 className="h-section">{page.callToAction.title}</h2>
            <p className="lead mt-3">{page.callToAction.lead}</p>
          </div>
          <Link to="/quote" className="btn btn-primary">
            {page.callToAction.action}
          </Link>
        </div>
      </section>
    </>
  );
}
