import { Leaf, Recycle, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Section } from "~/components/PageParts";
import { ServiceIcon } from "~/components/ServiceIcon";
import { SERVICES, STATS } from "~/content/services";

const REASONS = [
  {
    id: "reason-compliance",
    icon: ShieldCheck,
    title: "Compliance handled",
    text: "Registered upper-tier waste carrier. Every load comes with a waste transfer note and the right EWC code, ready for your next audit.",
  },
  {
    id: "reason-recovery",
    icon: Recycle,
    title: "Nothing to landfill",
    text: "Every tonne we collect goes to anaerobic digestion or composting, never to landfill or incineration.",
  },
  {
    id: "reason-local",
    icon: Leaf,
    title: "Local and reliable",
    text: "Our own drivers and vehicles out of Peterborough, with collection windows that fit round your production shifts.",
  },
];

/** The home page below the fold: loaded lazily, streamed into the server-rendered HTML. */
export default function HomeSections() {
  return (
    <>
      <Section
        id="services"
        eyebrow="What we do"
        title="One partner for every organic waste stream"
        intro="From a single food-waste bin to thousands of tonnes of vegetable rejects a season, we collect, transport and recover it."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
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

      <Section id="why-us" eyebrow="Why Fenland Organics" title="Waste that works for you" alt>
        <ul className="grid gap-6 md:grid-cols-3">
          {REASONS.map(({ id, icon: Icon, title, text }) => (
            <li key={id} id={id} className="card">
              <Icon aria-hidden="true" className="size-7 text-brand" />
              <h3 className="h-card mt-3">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="impact" eyebrow="Our impact" title="Measured in tonnes, not slogans">
        <ul className="grid gap-6 sm:grid-cols-3">
          {STATS.map((stat) => (
            <li key={stat.id} className="card text-center">
              <p>
                <span className="block text-4xl font-extrabold text-brand">{stat.value}</span>{" "}
                <span className="text-muted">{stat.label}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/sustainability" className="link font-semibold">
            How we measure our impact
          </Link>
        </p>
      </Section>

      <section id="call-to-action" className="section section-alt">
        <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 className="h-section">Ready to turn your waste into a resource?</h2>
            <p className="lead mt-3">
              Tell us what you produce and how often: a quote takes about two minutes.
            </p>
          </div>
          <Link to="/quote" className="btn btn-primary">
            Start your quote
          </Link>
        </div>
      </section>
    </>
  );
}
