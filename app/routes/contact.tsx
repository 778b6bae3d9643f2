import { COMPANY, COMPANY_ADDRESS_LINE, OPENING_HOURS_TEXT } from "@common/company";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useLocation } from "react-router";
import { ContactForm } from "~/components/enquiry/ContactForm";
import { OrganisationJsonLd } from "~/components/OrganisationJsonLd";
import { FormPanel, PageHero } from "~/components/PageParts";
import { enquiryAction } from "~/lib/enquiry-action.server";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const handle = { fullBleed: true };

/** The form without JavaScript (or sent before the scripts were ready): see enquiry-action.server.ts. */
export const action = ({ request, context }: Route.ActionArgs) =>
  enquiryAction("contact", request, context, "contact-enquiry");

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const partnership = location.pathname.startsWith("/contact/2");
  return pageMeta(
    partnership
      ? {
          title: "AD Plant Partnership",
          description:
            "Secure a steady, de-packaged organic feedstock for your anaerobic digestion plant. Contact the Fenland Organics feedstock team in Peterborough.",
          path: "/contact/2",
        }
      : {
          title: "Contact Us",
          description: `Call ${COMPANY.phone} or e-mail ${COMPANY.email}. Open ${OPENING_HOURS_TEXT}. ${COMPANY.address.locality}, ${COMPANY.address.country}.`,
          path: "/contact",
        },
    siteUrlFrom(matches),
  );
};

const DAY_LABEL: Record<string, string> = { "Mon-Fri": "Mon-Fri", Sat: "Sat" };

export default function Contact() {
  const partnership = useLocation().pathname.startsWith("/contact/2");
  return (
    <>
      <OrganisationJsonLd />
      <PageHero
        id="contact-hero"
        eyebrow={partnership ? "AD Plant Partnership" : "Get in touch"}
        title="Contact Us"
        lead={
          partnership
            ? "Run an anaerobic digestion plant? Tell us your feedstock needs, gate fees and tonnage, and our feedstock team will set up a supply that keeps your digesters fed."
            : "Questions about collections, tankering or an existing account? Our Peterborough office answers the phone from six in the morning."
        }
      />
      <section className="section">
        <div className="container-page grid gap-8 lg:grid-cols-[0.8fr_1.2fr]">
          <div id="contact-details" className="flex flex-col gap-4">
            <div id="contact-hours" className="card">
              <h2 className="h-card flex items-center gap-2">
                <Clock aria-hidden="true" className="size-5 text-brand" /> Opening hours
              </h2>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                {COMPANY.hours.map((h) => (
                  <div key={h.days} className="contents">
                    <dt className="font-semibold">{DAY_LABEL[h.days]}</dt>
                    <dd className="text-muted">
                      {h.opens}-{h.closes}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-sm text-muted">Sundays and bank holidays: emergency tankering only.</p>
            </div>
            <div id="contact-phone" className="card">
              <h2 className="h-card flex items-center gap-2">
                <Phone aria-hidden="true" className="size-5 text-brand" /> Phone
              </h2>
              <p className="mt-2">
                <a href={COMPANY.phoneHref} className="link text-lg font-semibold">
                  {COMPANY.phone}
                </a>
              </p>
            </div>
            <div id="contact-email" className="card">
              <h2 className="h-card flex items-center gap-2">
                <Mail aria-hidden="true" className="size-5 text-brand" /> General info
              </h2>
              <p className="mt-2">
                <a href={`mailto:${COMPANY.email}`} className="link text-lg font-semibold break-all">
                  {COMPANY.email}
                </a>
              </p>
            </div>
            <div id="contact-address" className="card">
              <h2 className="h-card flex items-center gap-2">
                <MapPin aria-hidden="true" className="size-5 text-brand" /> Office
              </h2>
              <address className="mt-2 text-muted not-italic">{COMPANY_ADDRESS_LINE}</address>
            </div>
          </div>
          <FormPanel
            id="contact-enquiry"
            title={partnership ? "Tell us about your plant" : "Send us a message"}
            intro="We reply within one working day. The more you tell us about your waste, the more accurate our first answer."
          >
            <ContactForm labelledBy="contact-enquiry-title" />
          </FormPanel>
        </div>
      </section>
    </>
  );
}
