import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { emptyDraft } from "~/lib/leads/quote-draft";
import { loadContext } from "../../server/pages/load-context";
import { TEST_DATABASES } from "../../server/test/harness";
import { signedInApp, signInAs } from "../../server/test/signed-in";
import { StepFields } from "../components/quote/QuoteSteps";
import { loader } from "./quote";

const bodyOf = (answer: unknown) => (answer as { data?: unknown } | null)?.data as Record<string, unknown>;

/** The quote's postcode step and the service areas of published pages, on both databases. */
describe.each(TEST_DATABASES)("the quote's postcode step and the areas served, on %s", (kind) => {
  const api = signedInApp(kind);
  const context = () => loadContext(api.app.services, { nonce: "", ip: "127.0.0.1" });
  const load = () =>
    loader({
      request: new Request("http://localhost/quote/4"),
      context: context(),
      params: { "*": "4" },
    } as never);
  const step4 = (location: string, areas: unknown) =>
    renderToStaticMarkup(
      <StepFields step={4} draft={{ ...emptyDraft(), location }} update={() => {}} areas={areas as never} />,
    );

  it("says 'We collect in {area}' with its page's link when the postcode's district is in an area", async () => {
    expect(bodyOf(await load()).areas).toBeUndefined(); // no area page: nothing said
    const email = "quote-areas@example.co.uk";
    await signInAs(api.app, "editor", email);
    const account = await api.app.services.accounts.findByEmail(email);
    const admin = { id: account?.id ?? "", email, role: "editor" as const };
    const page = await api.app.services.blockPages.create(
      { address: "/cambridge", title: "Cambridge" },
      admin,
    );
    await api.app.services.blockPages.publish(page.id, admin, {
      page: {
        address: "/cambridge",
        title: "Food waste collection in Cambridge",
        area: { name: "Cambridge", districts: "CB1 CB2" },
        blocks: [{ type: "rich-text", html: "<p>We collect in Cambridge.</p>" }],
      },
    });
    const areas = bodyOf(await load()).areas;
    expect(areas).toEqual([{ address: "/cambridge", name: "Cambridge", districts: ["CB1", "CB2"] }]);

    expect(step4("cb1 2ab", areas)).toContain(
      '<a href="/cambridge" class="link">We collect in Cambridge</a>',
    );
    expect(step4("CB12 1AA", areas)).not.toContain("We collect in"); // CB12 is not CB1
    expect(step4("", areas)).not.toContain("We collect in");
  });
});
