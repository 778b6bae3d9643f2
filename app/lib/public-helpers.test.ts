import { describe, expect, it } from "vitest";
import { isNavLinkActive, NAV_LINKS } from "~/content/navigation";
import { consentCookie, parseConsent } from "./consent";
import { snippetOf, textMatches } from "./content/search";
import { keepsScroll } from "./scroll";
import { organisationJsonLd, pageMeta, siteUrlFrom } from "./seo";

describe("in-page search matching", () => {
  it("matches words containing the term, ignoring case", () => {
    expect(textMatches("Vacuum tankers up to 30,000 litres", "TANKER")).toBe(true);
    expect(textMatches("Vacuum tankers up to 30,000 litres", "lorry")).toBe(false);
    expect(textMatches("Flood water extraction", "water extr")).toBe(true);
  });

  it("an empty or blank term matches nothing", () => {
    expect(textMatches("anything", "")).toBe(false);
    expect(textMatches("anything", "   ")).toBe(false);
  });

  it("snippets are the first 72 characters, whitespace collapsed", () => {
    const text = `  ${"word ".repeat(40)}`;
    expect(snippetOf(text)).toHaveLength(72);
    expect(snippetOf("a\n   b")).toBe("a b");
  });
});

describe("cookie consent", () => {
  it("reads the answer from a cookie header", () => {
    expect(parseConsent("a=1; cookie_consent=accepted; b=2")).toBe("accepted");
    expect(parseConsent("cookie_consent=rejected")).toBe("rejected");
    expect(parseConsent("cookie_consent=maybe")).toBeNull();
    expect(parseConsent(null)).toBeNull();
  });

  it("keeps the answer for 150 days", () => {
    expect(consentCookie("accepted", false)).toBe(
      `cookie_consent=accepted; Max-Age=${150 * 86_400}; Path=/; SameSite=Lax`,
    );
    expect(consentCookie("rejected", true)).toMatch(/; Secure$/);
  });
});

describe("navigation and scroll rules", () => {
  const [, , services, , contact] = NAV_LINKS;
  it("Services is also current on /services/2, Contact Us on /contact/2", () => {
    expect(isNavLinkActive(services, "/services/2")).toBe(true);
    expect(isNavLinkActive(services, "/services/")).toBe(true);
    expect(isNavLinkActive(contact, "/contact/2")).toBe(true);
    expect(isNavLinkActive(services, "/sustainability")).toBe(false);
    expect(isNavLinkActive(NAV_LINKS[0], "/about")).toBe(false);
  });

  it("only quote pages keep their scroll position", () => {
    expect(keepsScroll("/quote")).toBe(true);
    expect(keepsScroll("/quote/4")).toBe(true);
    expect(keepsScroll("/quotes-and-prices")).toBe(false);
    expect(keepsScroll("/services")).toBe(false);
  });
});

describe("SEO tags", () => {
  it("builds title, description, canonical and Open Graph from SITE_URL", () => {
    const meta = pageMeta(
      { title: "About Us", description: "About the company", path: "/about" },
      "https://example.co.uk",
    );
    expect(meta).toContainEqual({ title: "About Us | Fenland Organics" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.co.uk/about" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://example.co.uk/about" });
    expect(pageMeta({ title: "Home", description: "d", path: "/" }, "https://example.co.uk/")).toContainEqual(
      {
        tagName: "link",
        rel: "canonical",
        href: "https://example.co.uk/",
      },
    );
  });

  it("reads SITE_URL from the root loader's data", () => {
    expect(siteUrlFrom([{ id: "root", data: { siteUrl: "https://x.test", consent: null } }, undefined])).toBe(
      "https://x.test",
    );
  });

  it("describes the organisation with its opening hours", () => {
    const ld = organisationJsonLd("https://x.test");
    expect(ld.address.addressLocality).toBe("Peterborough");
    expect(ld.openingHoursSpecification).toHaveLength(2);
    expect(ld.openingHoursSpecification[1]).toMatchObject({
      dayOfWeek: ["Saturday"],
      opens: "08:00",
      closes: "17:00",
    });
  });
});
