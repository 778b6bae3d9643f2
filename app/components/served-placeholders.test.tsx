import { Readable } from "node:stream";
import { OPEN_NOW_PLACEHOLDER } from "@common/content/site-content/opening-hours";
import { SITE_DETAILS_DEFAULTS } from "@common/content/site-content/site-details-defaults";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { SEARCH_RESULTS_MARKER, searchOverlayMarkup, searchResultsMarkup } from "~/lib/content/search-markup";
import { searchResultsStream } from "~/lib/content/search-results.server";
import { formTokenStream, withFormTokens } from "../../server/pages/form-token";
import { ContactForm } from "./enquiry/ContactForm";
import { OpenNow } from "./OpenNow";

/** This response's values: a numbered token per form, the request's lead source, the minute's sentence. */
function issuer() {
  let n = 0;
  return (placeholder: string) =>
    placeholder === OPEN_NOW_PLACEHOLDER
      ? "Open now · closes at 18:00"
      : placeholder === LEAD_SOURCE_PLACEHOLDER
        ? "landing=%2Fcontact"
        : `token-${++n}`;
}

/** /contact's "open now" and contact form, refused with what the visitor typed kept in it. */
function ContactPage() {
  const { typed } = useLoaderData() as { typed: string };
  const answer = {
    values: { name: typed, message: typed },
    fieldErrors: { email: "Email field is empty" },
    token: "",
  };
  return (
    <main>
      <p>
        <OpenNow details={SITE_DETAILS_DEFAULTS} />
      </p>
      <ContactForm action="/contact" sent="" labelledBy="contact-heading" answer={answer} />
    </main>
  );
}
const Stub = createRoutesStub([{ id: "contact", path: "/contact", Component: ContactPage }]);

/** Rendered by the real components (as the server renders them for the page cache: placeholders in). */
const rendered = (typed: string) =>
  renderToStaticMarkup(
    <Stub initialEntries={["/contact"]} hydrationData={{ loaderData: { contact: { typed } } }} />,
  );

/** The page with what a visitor typed echoed in it: their refused form, and the search box with their term. */
const pageWith = (typed: string) =>
  rendered(typed) +
  searchOverlayMarkup("/contact", typed, searchResultsMarkup([], typed, { pathname: "/contact" }));

describe("the placeholders filled in as a page is served, only in their own elements", () => {
  it("gives the form's token field its token and 'open now' its sentence, leaving a visitor's words as typed", () => {
    for (const typed of [FORM_TOKEN_PLACEHOLDER, LEAD_SOURCE_PLACEHOLDER, OPEN_NOW_PLACEHOLDER]) {
      const rendered = pageWith(typed);
      const served = withFormTokens(rendered, issuer());
      expect(served).toContain(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="token-1"/>`);
      expect(served).toContain(
        `<input type="hidden" name="${LEAD_SOURCE_FIELD}" value="landing=%2Fcontact"/>`,
      );
      expect(served).toContain(">Open now · closes at 18:00</span>");
      // The visitor's name, message and search term, each as they typed it.
      expect(served).toContain(`name="name" value="${typed}"/>`);
      expect(served).toContain(`>${typed}</textarea>`);
      expect(served).toContain(`name="search" type="search"`);
      expect(served).toContain(`value="${typed}" class=`);
      expect(served).toContain(`No matches for “${typed}” on this page.`);
      expect(served).not.toContain("token-2");
    }
  });

  it("fills 'open now' in a search card of the page's own words, not in the term", async () => {
    const page = `<html><body>${rendered("")}${searchOverlayMarkup("/contact", "open", SEARCH_RESULTS_MARKER)}</body></html>`;
    let out = "";
    for await (const part of Readable.from([Buffer.from(page)])
      .pipe(searchResultsStream("open", "/contact"))
      .pipe(formTokenStream(issuer())))
      out += part;
    expect(out).toContain("1 match on this page");
    expect(out).not.toContain(OPEN_NOW_PLACEHOLDER);
    expect(out.match(/Open now · closes at 18:00/g)).toHaveLength(2);
  });
});
