import { COMPANY } from "@common/company";
import { Link } from "react-router";
import { PageHero, Section } from "~/components/PageParts";
import { lazySection } from "~/lib/lazy-section";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/about";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const DigesterArt = staticIsland(() => import("~/components/art/DigesterArt"));

// The lower sections load lazily (their own chunk), still in the server-rendered HTML.
const AboutSections = lazySection(() => import("~/components/about/AboutSections"));

export const handle = { fullBleed: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "About Us",
      description:
        "Fenland Organics is a Peterborough organic waste carrier that keeps food and farm waste out of landfill by feeding anaerobic digestion plants across England.",
      path: "/about",
    },
    siteUrlFrom(matches),
  );

export default function About() {
  return (
    <>
      <PageHero
        id="about-hero"
        eyebrow="About Us"
        title="About Us"
        art={<DigesterArt />}
        lead={`${COMPANY.name} is a family-run organic waste carrier based in ${COMPANY.address.locality}. We were founded by people who grew up on fenland farms and watched good organic material go to landfill.`}
      >
        <Link to="/contact" className="btn btn-primary">
          Talk to our team
        </Link>
      </PageHero>

      <Section id="mission" eyebrow="Our mission" title="Keep organic waste in the loop">
        <div id="mission-text" className="prose-page max-w-3xl text-lg">
          <p>
            Our mission is simple: no organic waste from our customers goes to landfill. We collect it,
            de-package it where needed and deliver it to anaerobic digestion plants that turn it into biogas,
            electricity and a digestate fertiliser that goes back onto the fields.
          </p>
          <p>
            For food and drink manufacturers that means lower disposal costs and a clean audit trail. For
            farms it means a home for crop residues and a return of nutrients. For AD operators it means a
            steady, well-sorted feedstock all year round.
          </p>
        </div>
      </Section>
      <AboutSections />
    </>
  );
}
