import { Section } from "~/components/PageParts";
import { PublicRegisterWidget } from "~/components/widgets/PublicRegisterWidget";

const VALUES = [
  {
    id: "value-traceable",
    title: "Traceable",
    text: "Every collection is weighed, coded and documented, from your yard to the digester gate.",
  },
  {
    id: "value-practical",
    title: "Practical",
    text: "We work round harvests, production runs and bank holidays, because waste does not stop for them.",
  },
  {
    id: "value-circular",
    title: "Circular",
    text: "What leaves your site as waste comes back to the land as energy and fertiliser.",
  },
];

const MILESTONES = [
  { year: "2016", text: "Started with one tipper and three potato growers near Whittlesey." },
  {
    year: "2019",
    text: "First long-term feedstock agreement with an anaerobic digestion plant in the Nene valley.",
  },
  { year: "2022", text: "Added vacuum tankers for washdown water, sludges and flood response." },
  {
    year: "2025",
    text: "Twenty-two vehicles serving food manufacturers, farms and councils across England.",
  },
];

/** The about page below the mission: loaded lazily, streamed into the server-rendered HTML. */
export default function AboutSections() {
  return (
    <>
      <Section id="values" eyebrow="How we work" title="Three things we never compromise on" alt>
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.id} id={value.id} className="card">
              <h3 className="h-card">{value.title}</h3>
              <p className="mt-2 text-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="story" eyebrow="Our story" title="From one tipper to a regional fleet">
        <ol className="grid gap-4 md:grid-cols-4">
          {MILESTONES.map((m) => (
            <li key={m.year} id={`milestone-${m.year}`} className="card">
              <p className="text-2xl font-extrabold text-brand">{m.year}</p>
              <p className="mt-2 text-muted">{m.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="registration"
        eyebrow="Licensed and insured"
        title="A registered waste carrier"
        intro="Your duty of care means checking who takes your waste away. Our registration is public: check it on the Environment Agency register."
        alt
      >
        <div className="max-w-2xl">
          <PublicRegisterWidget />
        </div>
      </Section>
    </>
  );
}
