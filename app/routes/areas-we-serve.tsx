import { AREAS_PATH, AREAS_TEXTS as T } from "@common/content/areas";
import { PageHero } from "~/components/PageParts";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/areas-we-serve";

export const handle = { fullBleed: true };

/** The published pages that name a service area (from memory; dropped with any page's publication). */
export async function loader({ context }: Route.LoaderArgs) {
  return { areas: await context.services.blockPages.areas() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: T.title, description: T.description, path: AREAS_PATH }, siteUrlFrom(matches));

/** 'Areas we serve': each area's place name, its postcode districts and a link to its page. */
export default function AreasWeServe({ loaderData }: Route.ComponentProps) {
  const { areas } = loaderData;
  return (
    <>
      <PageHero id="areas-hero" eyebrow={T.title} title={T.title} lead={T.intro} />
      <section className="section" aria-label={T.title}>
        <div className="container-page">
          {areas.length === 0 ? (
            <p className="lead">{T.empty}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {areas.map((area) => (
                <li key={area.address} className="card flex flex-col gap-2">
                  <h2 className="text-xl font-bold">
                    <a href={area.address} className="link">
                      {area.name}
                    </a>
                  </h2>
                  <p className="text-muted">
                    {T.districts} {area.districts.join(", ")}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-8">
            <a href="/quote" className="btn btn-primary">
              {T.quoteCta}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
