import { COMPANY } from "@common/company";
import { Phone } from "lucide-react";
import { TankeringForm } from "~/components/enquiry/TankeringForm";
import { FormPanel, PageHero, Section } from "~/components/PageParts";
import { EWC_CODES, TANKERING_EXPERTISE } from "~/content/tankering";
import { enquiryAction } from "~/lib/enquiry-action.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/services-tankering";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const TankerArt = staticIsland(() => import("~/components/art/TankerArt"));

export const handle = { fullBleed: true };

/** The form without JavaScript (or sent before the scripts were ready): see enquiry-action.server.ts. */
export const action = ({ request, context }: Route.ActionArgs) =>
  enquiryAction("tankering", request, context, "tankering-enquiry");

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Waste Water Tankering",
      description:
        "24/7 waste water tankering across England: tankers up to 30,000 litres, 3, 4 and 6 inch hoses, flood water extraction and liquid waste EWC codes 19 13 08, 02 01 01 and more.",
      path: "/services/2",
    },
    siteUrlFrom(matches),
  );

export default function ServicesTankering() {
  return (
    <>
      <PageHero
        id="tankering-hero"
        eyebrow="Services"
        title="Waste Water Tankering"
        lead="Washdown water, sludges, leachate and flood water collected by vacuum tanker and taken to licensed treatment, on a schedule or within hours of your call."
        art={<TankerArt />}
      >
        <a href="#tankering-enquiry" className="btn btn-primary">
          Request a tanker
        </a>
        <span className="btn btn-ghost">
          <Phone aria-hidden="true" className="size-4" />
          24/7: {COMPANY.phone}
        </span>
      </PageHero>

      <Section id="expertise" eyebrow="Our expertise" title="Equipped for every liquid waste job">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TANKERING_EXPERTISE.map((item) => (
            <li key={item.id} id={`expertise-${item.id}`} className="card">
              <h3 className="h-card">{item.title}</h3>
              <p className="mt-2 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="ewc-codes"
        eyebrow="Permitted wastes"
        title="Liquid waste EWC codes we collect"
        intro="Not sure of your code? Describe the liquid in your enquiry and we will classify it for your waste transfer note."
        alt
      >
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] border-collapse text-left">
            <caption className="sr-only">Liquid waste EWC codes</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-3 pr-6">
                  EWC code
                </th>
                <th scope="col" className="py-3">
                  Description
                </th>
              </tr>
            </thead>
            <tbody>
              {EWC_CODES.map((row) => (
                <tr
                  key={row.code}
                  id={`ewc-${row.code.replaceAll(" ", "-")}`}
                  className="border-b border-border"
                >
                  <td className="py-3 pr-6 font-mono font-bold whitespace-nowrap">{row.code}</td>
                  <td className="py-3 text-muted">{row.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <div className="section">
        <div className="container-page max-w-3xl">
          <FormPanel
            id="tankering-enquiry"
            title="Request tankering"
            intro="Tell us what needs collecting and how often. We reply within one working day; for emergencies, call us."
          >
            <TankeringForm labelledBy="tankering-enquiry-title" />
          </FormPanel>
        </div>
      </div>
    </>
  );
}
