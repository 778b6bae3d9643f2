import { type DataOf, group, list, seoFields, text, textarea } from "../fields";

/** /sustainability's words and figures (the figures show on the home page too). */
export const SUSTAINABILITY_FIELDS = {
  seo: seoFields(),
  hero: group("Top of the page", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 60),
    lead: textarea("Introduction", 300),
  }),
  figures: group("Figures", {
    label: text("Name of the figures (for screen readers)", 60),
    items: list(
      "Figures",
      "figure",
      { min: 2, max: 4 },
      {
        value: text("Figure", 12, { hint: "Short: 98%, 67k+" }),
        label: text("What it counts", 60),
      },
    ),
    note: textarea("Note under the figures", 200),
  }),
  loop: group("The organic loop", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    intro: textarea("Introduction", 200),
    caption: text("Description of the ring (for screen readers)", 200),
    ringFigure: text("Figure in the ring", 12),
    ringLabel: text("Words under it", 30),
    steps: list(
      "Stages",
      "stage",
      { min: 3, max: 6 },
      {
        title: text("Stage", 14, { hint: "One short word: it is drawn in the ring" }),
        text: textarea("Text", 200),
      },
    ),
  }),
  callToAction: group("Call to action", {
    title: text("Heading", 80),
    lead: textarea("Text", 250),
    action: text("Button", 30),
  }),
} as const;

export type SustainabilityContent = DataOf<typeof SUSTAINABILITY_FIELDS>;

export const SUSTAINABILITY_DEFAULTS: SustainabilityContent = {
  seo: {
    title: "Sustainability",
    description:
      "98% client satisfaction, 67k+ tonnes of organic waste diverted from landfill and 21k+ tonnes CO2e saved: how Fenland Organics closes the organic loop.",
  },
  hero: {
    eyebrow: "Sustainability",
    title: "Sustainability",
    lead: "Organic waste in landfill releases methane. Digested instead, it powers homes and feeds the soil. Every collection we make is a step in that loop.",
  },
  figures: {
    label: "Our impact in numbers",
    items: [
      { value: "98%", label: "client satisfaction" },
      { value: "67k+", label: "tonnes of organic waste diverted" },
      { value: "21k+", label: "CO2e saved" },
    ],
    note: "Figures since 2016. CO2e saved is in tonnes, against landfill disposal of the same waste.",
  },
  loop: {
    eyebrow: "The organic loop",
    title: "From your yard back to the field",
    intro: "Five stages turn a collection into energy and fertiliser.",
    caption: "The organic loop: collect, de-package, digest, power, return.",
    ringFigure: "67k+",
    ringLabel: "tonnes kept in the loop",
    steps: [
      { title: "Collect", text: "Food, farm and process waste leaves your site in sealed, traceable loads." },
      {
        title: "De-package",
        text: "Packaging is stripped and recycled; the organic fraction is screened for contaminants.",
      },
      {
        title: "Digest",
        text: "Partner anaerobic digestion plants turn the feedstock into biogas over 30 to 60 days.",
      },
      { title: "Power", text: "Biogas becomes grid electricity, heat and biomethane for the gas network." },
      {
        title: "Return",
        text: "Nutrient-rich digestate goes back onto fenland fields in place of fossil fertiliser.",
      },
    ],
  },
  callToAction: {
    title: "Report your own diversion figures",
    lead: "We send customers an annual summary of tonnes recovered and carbon saved, ready for ESG and SECR reporting.",
    action: "Contact Us",
  },
};
