import {
  addressLine,
  OPEN_NOW_TEXTS,
  openingHoursRows,
  openingHoursText,
  phoneLinks,
  specialDayDates,
  upcomingSpecialDays,
} from "@common/content/site-content/opening-hours";
import type { SiteDetails } from "@common/content/site-content/site-details-defaults";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useLocation } from "react-router";
import { EnquiryFormPanel } from "~/components/enquiry/EnquiryFormPanel";
import { OpenNow } from "~/components/OpenNow";
import { OrganisationJsonLd } from "~/components/OrganisationJsonLd";
import { FormPanel, PageHero } from "~/components/PageParts";
import { pageContent } from "~/lib/content/page-content.server";
import { siteDetailsFrom, useSiteDetails } from "~/lib/content/site-details";
import { formPageHeaders } from "~/lib/form-page-headers";
import { enquiryAction } from "~/lib/leads/enquiry-action.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const handle = { fullBleed: true };

/** The form without JavaScript (or sent before the scripts were ready): see enquiry-action.server.ts. */
export const action = ({ request, context }: Route.ActionArgs) =>
  enquiryAction("contact", request, context, "contact-enquiry");

/** A refused post's Retry-After (503, 429) goes with the page. */
export const headers: Route.HeadersFunction = formPageHeaders;

/** The words around the forms as published (from memory). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await pageContent("page-contact", request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = siteDetailsFrom(matches);
  const partnership = location.pathname.startsWith("/contact/2");
  const page = loaderData?.page;
  return pageMeta(
    partnership
      ? {
          title: page?.partnership.seo.title ?? "",
          description: page?.partnership.seo.description ?? "",
          path: "/contact/2",
        }
      : {
          title: page?.contact.title ?? "",
          description: `Call ${site.phone} or e-mail ${site.email}. Open ${openingHoursText(site.hours)}. ${site.address.locality}, ${site.address.country}.`,
          path: "/contact",
        },
    siteUrlFrom(matches),
  );
};

/**
 * The contact page's details from the published site details: the hours with "open now" and the
 * special days to come, phone, e-mail and address. `openNow`: the admin's Preview's sentence.
 */
export function ContactDetails({ site, openNow }: { site: SiteDetails; openNow?: string }) {
  const special = upcomingSpecialDays(site, new Date());
  return (
    <div id="contact-details" className="flex flex-col gap-4">
      <div id="contact-hours" className="card">
        <h2 className="h-card flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-brand" /> Opening hours
        </h2>
        <p className="mt-2 font-semibold">
          <OpenNow details={site} fixed={openNow} />
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {openingHoursRows(site.hours).map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-semibold">{row.label}</dt>
              <dd className="text-muted">
                {row.opens}-{row.closes}
              </dd>
            </div>
          ))}
        </dl>
        {site.hoursNote && <p className="mt-2 text-sm text-muted">{site.hoursNote}</p>}
        {special.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold">{OPEN_NOW_TEXTS.specialHours}</h3>
            <dl id="contact-special-days" className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              {special.map((day) => (
                <div key={day.from} className="contents">
                  <dt className="font-semibold">{specialDayDates(day)}</dt>
                  <dd className="text-muted">
                    {day.hours.closed
                      ? OPEN_NOW_TEXTS.closedAllDay
                      : `${day.hours.opens}-${day.hours.closes}`}
                    {day.note ? ` (${day.note})` : ""}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
      <div id="contact-phone" className="card">
        <h2 className="h-card flex items-center gap-2">
          <Phone aria-hidden="true" className="size-5 text-brand" /> Phone
        </h2>
        <p className="mt-2">
          <a href={phoneLinks(site.phone).href} className="link text-lg font-semibold">
            {site.phone}
          </a>
        </p>
      </div>
      <div id="contact-email" className="card">
        <h2 className="h-card flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-brand" /> General info
        </h2>
        <p className="mt-2">
          <a href={`mailto:${site.email}`} className="link text-lg font-semibold break-all">
            {site.email}
          </a>
        </p>
      </div>
      <div id="contact-address" className="card">
        <h2 className="h-card flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 text-brand" /> Office
        </h2>
        <address className="mt-2 text-muted not-italic">{addressLine(site)}</address>
      </div>
    </div>
  );
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const partnership = useLocation().pathname.startsWith("/contact/2");
  const site = useSiteDetails();
  const { page } = loaderData;
  const words = partnership ? page.partnership : page.contact;
  return (
    <>
      <OrganisationJsonLd />
      <PageHero id="contact-hero" eyebrow={words.eyebrow} title={page.heading} lead={words.lead} />
      <section className="section">
        <div className="container-page grid gap-8 lg:grid-cols-[0.8fr_1.2fr]">
          <ContactDetails site={site} />
          <FormPanel id="contact-enquiry" title={words.formTitle} intro={page.formIntro}>
            <EnquiryFormPanel kind="contact" labelledBy="contact-enquiry-title" />
          </FormPanel>
        </div>
      </section>
    </>
  );
}
