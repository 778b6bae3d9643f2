import { describe, expect, it } from "vitest";
import { PAGE_DOCUMENT_KEYS, PAGE_DOCUMENTS } from "./page-documents";
import { PAGE_CONTENT_MESSAGES as M } from "./page-messages";
import { SITE_DOCUMENTS } from "./registry";

describe("page documents", () => {
  it.each(PAGE_DOCUMENT_KEYS)("%s: today's words pass its schema unchanged", (key) => {
    const parsed = SITE_DOCUMENTS[key].schema.safeParse(PAGE_DOCUMENTS[key].defaults);
    expect(parsed.success && parsed.data).toEqual(PAGE_DOCUMENTS[key].defaults);
  });

  it("keeps the words today's pages and tests show", () => {
    expect(PAGE_DOCUMENTS["page-home"].defaults.hero.title).toBe("Organic waste collection across England");
    expect(PAGE_DOCUMENTS["page-services"].defaults.services.map((s) => s.title)).toEqual([
      "Haulage",
      "AD Plant Partnership",
      "Waste Water Tankering",
      "Consultation",
    ]);
    expect(PAGE_DOCUMENTS["page-services"].defaults.services[2].summary).toBe(
      "Vacuum tankers up to 30,000 litres with 3, 4 and 6 inch hoses for washdown water, leachate, interceptor contents and flood water, day or night.",
    );
    expect(PAGE_DOCUMENTS["page-tankering"].defaults.codes.items.map((c) => c.code)).toContain("19 13 08");
    expect(PAGE_DOCUMENTS.footer.defaults.copyright).toBe("copyright 2025");
  });

  it("says each field's problem at its path, with the catalogue's words", () => {
    const schema = SITE_DOCUMENTS["page-services"].schema;
    const bad = structuredClone(PAGE_DOCUMENTS["page-services"].defaults);
    bad.services[1].summary = "   ";
    bad.hero.title = "x".repeat(61);
    bad.hero.picture = { imageId: "5f0c7a4e-8a1b-4c2d-9e3f-0a1b2c3d4e5f", alt: "" };
    bad.steps.items = bad.steps.items.slice(0, 1);
    const issues = Object.fromEntries(
      (schema.safeParse(bad).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(issues).toEqual({
      "hero.title": M.tooLong("Heading", 60),
      "hero.picture.alt": M.altRequired,
      "services.1.summary": M.required("Description"),
      "steps.items": M.tooFew("step", 2),
    });
  });

  it("keeps a layout's number of items and the shapes of years and codes", () => {
    const services = structuredClone(PAGE_DOCUMENTS["page-services"].defaults);
    services.services.push(services.services[0]);
    expect(SITE_DOCUMENTS["page-services"].schema.safeParse(services).error?.issues[0]?.message).toBe(
      M.tooMany("service", 4),
    );
    const about = structuredClone(PAGE_DOCUMENTS["page-about"].defaults);
    about.story.milestones[0].year = "16";
    expect(SITE_DOCUMENTS["page-about"].schema.safeParse(about).error?.issues[0]?.message).toBe(M.year);
    const tankering = structuredClone(PAGE_DOCUMENTS["page-tankering"].defaults);
    tankering.codes.items[0].code = "191308";
    expect(SITE_DOCUMENTS["page-tankering"].schema.safeParse(tankering).error?.issues[0]?.message).toBe(
      M.ewcCode,
    );
  });

  it("drops a picture's alt text requirement when no picture is set", () => {
    const home = structuredClone(PAGE_DOCUMENTS["page-home"].defaults);
    expect(home.hero.picture).toEqual({ alt: "" });
    home.hero.picture = { imageId: "not-an-id", alt: "A tanker" };
    expect(SITE_DOCUMENTS["page-home"].schema.safeParse(home).error?.issues[0]?.message).toBe(M.imageInvalid);
  });
});
