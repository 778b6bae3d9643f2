import { HOSE_SIZES_INCH, TANKER_CAPACITY_LITRES } from "../../../company";
import { groupThousands } from "../../../en-gb";
import { type DataOf, group, image, list, seoFields, text, textarea } from "../fields";

/**
 * /services' words, and each service's card (also on the home page). The four services are fixed
 * (their icons and where each card leads stay in code: app/content/services.ts); their words are here.
 */
export const SERVICES_FIELDS = {
  seo: seoFields(),
  hero: group("Top of the page", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 60),
    lead: textarea("Introduction", 300),
    picture: image("Picture", "Replaces the illustration beside the heading"),
  }),
  cardsLabel: text("Name of the list of services (for screen readers)", 60),
  services: list(
    "Services",
    "service",
    { min: 4, max: 4 },
    {
      title: text("Name", 40),
      summary: textarea("Description", 320),
      action: text("Link", 40),
    },
  ),
  steps: group("How it works", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    items: list(
      "Steps",
      "step",
      { min: 2, max: 6 },
      {
        title: text("Title", 60),
        text: textarea("Text", 200),
      },
    ),
  }),
} as const;

export type ServicesContent = DataOf<typeof SERVICES_FIELDS>;

const hoses = HOSE_SIZES_INCH.join(", ").replace(/, (\d+)$/, " and $1");

export const SERVICES_DEFAULTS: ServicesContent = {
  seo: {
    title: "Services",
    description:
      "Organic waste haulage, anaerobic digestion plant partnerships, waste water tankering and waste consultation for UK businesses, from Fenland Organics.",
  },
  hero: {
    eyebrow: "Our services",
    title: "Services",
    lead: "Four ways we help businesses that produce organic waste: collecting it, finding it a digester, pumping it out, and getting the paperwork right.",
    picture: { alt: "" },
  },
  cardsLabel: "Our four services",
  services: [
    {
      title: "Haulage",
      action: "Get a quote",
      summary:
        "Scheduled and one-off collection of food waste, packaging-free organics, spent grains, animal by-products and green waste in sealed, washable bulk units and walking-floor trailers.",
    },
    {
      title: "AD Plant Partnership",
      action: "Talk to our feedstock team",
      summary:
        "We supply anaerobic digestion plants with consistent, de-packaged feedstock and take digestate back to the land, so operators keep their digesters fed and their gas yield steady.",
    },
    {
      title: "Waste Water Tankering",
      action: "See tankering",
      summary: `Vacuum tankers up to ${groupThousands(TANKER_CAPACITY_LITRES)} litres with ${hoses} inch hoses for washdown water, leachate, interceptor contents and flood water, day or night.`,
    },
    {
      title: "Consultation",
      action: "Book a consultation",
      summary:
        "Site audits, waste-stream sampling, duty-of-care paperwork and EWC classification, so your organic waste is handled lawfully and recovered at the highest point of the waste hierarchy.",
    },
  ],
  steps: {
    eyebrow: "Getting started",
    title: "How it works",
    items: [
      {
        title: "Tell us about your waste",
        text: "Type, volume and how often: our quote wizard asks six short questions.",
      },
      {
        title: "We check the details",
        text: "A site visit or a call confirms access, containers and the right EWC codes.",
      },
      {
        title: "Collections begin",
        text: "Usually within a week, with a named driver and a fixed collection window.",
      },
    ],
  },
};
