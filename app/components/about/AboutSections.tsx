import { useLoaderData } from "react-router";
import { Section } from "~/components/PageParts";
import { PublicRegisterWidget } from "~/components/widgets/PublicRegisterWidget";
import type { loader } from "~/routes/about";

/** The values' anchors by position (later values are numbered). */
const VALUE_IDS = ["value-traceable", "value-practical", "value-circular"];

/** The about page below the mission: loaded lazily, streamed into the server-rendered HTML; its words from the page's loader. */
export default function AboutSections() {
  const { values, story, registration } = useLoaderData<typeof loader>().page;
  return (
    <>
      <Section id="values" eyebrow={values.eyebrow} title={values.title} alt>
        <ul className="grid gap-6 md:grid-cols-3">
          {values.items.map((value, i) => {
            const id = VALUE_IDS[i] ?? `value-${i + 1}`;
            return (
              <li key={id} id={id} className="card">
                <h3 className="h-card">{value.title}</h3>
                <p className="mt-2 text-muted">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="story" eyebrow={story.eyebrow} title={story.title}>
        <ol className="grid gap-4 md:grid-cols-4">
          {story.milestones.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two milestones may share a year
            <li key={i} id={`milestone-${m.year}`} className="card">
              <p className="text-2xl font-extrabold text-brand">{m.year}</p>
              <p className="mt-2 text-muted">{m.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="registration"
        eyebrow={registration.eyebrow}
        title={registration.title}
        intro={registration.intro}
        alt
      >
        <div className="max-w-2xl">
          <PublicRegisterWidget />
        </div>
      </Section>
    </>
  );
}
