import { Phone } from "lucide-react";
import { EnquiryFormPanel } from "~/components/enquiry/EnquiryFormPanel";
import { FormPanel, PageHero, Section } from "~/components/PageParts";
import { PagePicture } from "~/components/PagePicture";
import { pageContent, pagePicture } from "~/lib/content/page-content.server";
import { useSiteDetails } from "~/lib/content/site-details";
import { formPageHeaders } from "~/lib/form-page-headers";
import { enquiryAction } from "~/lib/leads/enquiry-action.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { staticIsland } from "~/lib/static-island";
import type { Route } from "./+types/services-tankering";

// The page's illustration has nothing to hydrate: in the HTML, not in the JavaScript.
const TankerArt = staticIsland(() => import("~/components/art/TankerArt"));

export const handle = { fullBleed: true };

/** The form without JavaScript (or sent before the scripts were ready): see enquiry-action.server.ts. */
export const action = ({ request, context }: Route.ActionArgs) =>
  enquiryAction("tankering", request, context, "tankering-enquiry");

/** A refused post's Retry-After (503, 429) goes with the page. */
export const headers: Route.HeadersFunction = formPageHeaders;

/** The words around the form as published (from memory). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageContent("page-tankering", request, context);
  return { page, picture: await pagePicture(page.hero.picture, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      title: loaderData?.page.seo.title ?? "",
      description: loaderData?.page.seo.description ?? "",
      path: "/services/2",
    },
    siteUrlFrom(matches),
  );

/** The facts' anchors by position (later facts are numbered). */
const FACT_IDS = ["hoses", "capacity", "flood", "emergency", "coverage"];

export default function ServicesTankering({ loaderData }: Route.ComponentProps) {
  const { page, picture } = loaderData;
  const { hero, expertise, codes, form } = page;
  const site = useSiteDetails();
  return (
    <>
      <PageHero
        id="tankering-hero"
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<PagePicture picture={picture} art={<TankerArt />} />}
      >
        <a href="#tankering-enquiry" className="btn btn-primary">
          {hero.action}
        </a>
        <span className="btn btn-ghost">
          <Phone aria-hidden="true" className="size-4" />
          {hero.phoneLabel} {site.phone}
        </span>
      </PageHero>

      <Section id="expertise" eyebrow={expertise.eyebrow} title={expertise.title}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {expertise.items.map((item, i) => (
            <li key={FACT_IDS[i] ?? i} id={`expertise-${FACT_IDS[i] ?? i + 1}`} className="card">
              <h3 className="h-card">{item.title}</h3>
              <p className="mt-2 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="ewc-codes" eyebrow={codes.eyebrow} title={codes.title} intro={codes.intro} alt>
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
              {codes.items.map((row, i) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a code typed twice is still two rows
                  key={i}
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
          <FormPanel id="tankering-enquiry" title={form.title} intro={form.intro}>
            <EnquiryFormPanel kind="tankering" labelledBy="tankering-enquiry-title" />
          </FormPanel>
        </div>
      </div>
    </>
  );
}
