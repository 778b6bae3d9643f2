import { COMPANY } from "@common/company";
import { PageHero } from "~/components/PageParts";
import {
  ACCEPTED_QUOTE_RECORD_TEXT,
  CHILDREN_TEXT,
  COOKIE_DESCRIPTIONS,
  DEFINITIONS,
  enquiryRetentionText,
  INSIGHTS_HEADING,
  insightsPrivacyText,
  PRIVACY_LAST_UPDATED,
  PURPOSES,
} from "~/content/privacy";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const handle = { fullBleed: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Privacy Policy",
      description:
        "How Fenland Organics collects, uses and protects your personal data, which cookies this site uses, and how to contact us about your privacy.",
      path: "/legal/privacy-policy",
    },
    siteUrlFrom(matches),
  );

/** How long visit counts (INSIGHTS_RETENTION_MONTHS) and enquiries (ENQUIRY_RETENTION_MONTHS) are kept. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  return { insightsMonths: config.insightsRetentionMonths, enquiryMonths: config.enquiryRetentionMonths };
}

function H2({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mt-12 text-2xl font-extrabold">
      {children}
    </h2>
  );
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        id="privacy-hero"
        eyebrow="Legal"
        title="Privacy Policy"
        lead={`Last updated: ${PRIVACY_LAST_UPDATED}`}
      />
      <article className="section">
        <div className="container-page prose-page max-w-3xl">
          <p>
            This Privacy Policy describes Our policies and procedures on the collection, use and disclosure of
            Your information when You use the Service, and tells You about Your privacy rights and how the law
            protects You, including under the UK GDPR and the Data Protection Act 2018.
          </p>
          <p>
            We use Your Personal Data to provide and improve the Service. By using the Service, You agree to
            the collection and use of information in accordance with this Privacy Policy.
          </p>

          <H2 id="interpretation">Interpretation and Definitions</H2>
          <p>
            Words with an initial capital letter have the meanings defined below. These definitions have the
            same meaning whether they appear in the singular or in the plural.
          </p>
          <dl id="definitions" className="mt-4 flex flex-col gap-3">
            {DEFINITIONS.map((d) => (
              <div key={d.word} id={`definition-${d.word.toLowerCase().replaceAll(" ", "-")}`}>
                <dt className="font-bold">{d.word}</dt>
                <dd className="text-muted">{d.meaning}</dd>
              </div>
            ))}
          </dl>

          <H2 id="collecting">Collecting and Using Your Personal Data</H2>
          <p>
            While using Our Service, including the quote wizard and enquiry forms, We may ask You to provide
            Us with certain personally identifiable information that can be used to contact or identify You:
            your name, e-mail address, phone number, company name, site post code and details of the waste You
            need collected.
          </p>
          <p>
            Usage Data is collected automatically when using the Service, such as Your Device's Internet
            Protocol address, browser type and version, the pages You visit and the time and date of Your
            visit.
          </p>

          <H2 id="cookies">Tracking Technologies and Cookies</H2>
          <p>
            Cookies can be "Persistent" or "Session" Cookies. Persistent Cookies remain on Your personal
            computer or mobile device when You go offline, while Session Cookies are deleted as soon as You
            close Your web browser. We use both for the purposes set out below. Our review and public-register
            widgets are only loaded if You choose "Accept all Cookies".
          </p>
          <div className="mt-6 overflow-x-auto">
            <table id="cookie-table" className="w-full min-w-[36rem] border-collapse text-left text-sm">
              <caption className="sr-only">Cookies this site uses</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4">
                    Cookie
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Administered by
                  </th>
                  <th scope="col" className="py-2">
                    Purpose
                  </th>
                </tr>
              </thead>
              <tbody>
                {COOKIE_DESCRIPTIONS.map((c) => (
                  <tr key={c.header} className="border-b border-border align-top">
                    <th scope="row" className="py-3 pr-4 font-semibold">
                      {c.header}
                    </th>
                    <td className="py-3 pr-4">{c.type}</td>
                    <td className="py-3 pr-4">{c.administered_by}</td>
                    <td className="py-3 text-muted">{c.purpose}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <H2 id="purposes">Use of Your Personal Data</H2>
          <p>The Company may use Personal Data for the following purposes:</p>
          <ul id="purpose-list" className="mt-4 flex list-disc flex-col gap-2 pl-6">
            {PURPOSES.map((p) => (
              <li key={p.title}>
                <strong>{p.title}:</strong> <span className="text-muted">{p.text}</span>
              </li>
            ))}
          </ul>

          <H2 id="visit-counting">{INSIGHTS_HEADING}</H2>
          {insightsPrivacyText(loaderData.insightsMonths).map((text) => (
            <p key={text.slice(0, 40)}>{text}</p>
          ))}

          <H2 id="retention">Retention and Security of Your Personal Data</H2>
          <p id="enquiry-retention">{enquiryRetentionText(loaderData.enquiryMonths)}</p>
          <p id="quote-retention">{ACCEPTED_QUOTE_RECORD_TEXT}</p>
          <p>
            We use commercially acceptable means to protect Your Personal Data, but no method of transmission
            over the Internet is 100% secure.
          </p>
          <p>
            You have the right to access, correct or delete the Personal Data We hold about You, and to
            complain to the Information Commissioner's Office (ico.org.uk).
          </p>

          <H2 id="children">Children's Privacy</H2>
          <p id="children-text">{CHILDREN_TEXT}</p>

          <H2 id="changes">Changes to this Privacy Policy</H2>
          <p>
            We may update Our Privacy Policy from time to time and will post the new Privacy Policy on this
            page, updating the "Last updated" date at the top.
          </p>

          <H2 id="contact-us">Contact Us</H2>
          <p id="privacy-contact">
            If you have any questions about this Privacy Policy, You can contact us by email:{" "}
            <a className="link" href={`mailto:${COMPANY.email}`}>
              {COMPANY.email}
            </a>
          </p>
        </div>
      </article>
    </>
  );
}
