import { type DataOf, group, image, list, seoFields, text, textarea } from "../fields";
import { PAGE_CONTENT_MESSAGES as M } from "../page-messages";

/** /services/2's words around the tankering form: its facts and the liquid waste codes. */
export const TANKERING_FIELDS = {
  seo: seoFields(),
  hero: group("Top of the page", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 60),
    lead: textarea("Introduction", 300),
    action: text("Button", 40),
    phoneLabel: text("Before the phone number", 20, {
      hint: "The phone number itself is the site details' own",
    }),
    picture: image("Picture", "Replaces the tanker illustration"),
  }),
  expertise: group("Expertise", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    items: list(
      "Facts",
      "fact",
      { min: 2, max: 9 },
      {
        title: text("Title", 60),
        text: textarea("Text", 250),
      },
    ),
  }),
  codes: group("Liquid waste codes", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    intro: textarea("Introduction", 250),
    items: list(
      "Codes",
      "code",
      { min: 1, max: 30 },
      {
        code: text("EWC code", 9, { pattern: /^\d{2} \d{2} \d{2}\*?$/, patternMessage: M.ewcCode }),
        description: textarea("Description", 200),
      },
    ),
  }),
  form: group("Around the form", {
    title: text("Heading", 60),
    intro: textarea("Introduction", 250),
  }),
} as const;

export type TankeringContent = DataOf<typeof TANKERING_FIELDS>;

export const TANKERING_DEFAULTS: TankeringContent = {
  seo: {
    title: "Waste Water Tankering",
    description:
      "24/7 waste water tankering across England: tankers up to 30,000 litres, 3, 4 and 6 inch hoses, flood water extraction and liquid waste EWC codes 19 13 08, 02 01 01 and more.",
  },
  hero: {
    eyebrow: "Services",
    title: "Waste Water Tankering",
    lead: "Washdown water, sludges, leachate and flood water collected by vacuum tanker and taken to licensed treatment, on a schedule or within hours of your call.",
    action: "Request a tanker",
    phoneLabel: "24/7:",
    picture: { alt: "" },
  },
  expertise: {
    eyebrow: "Our expertise",
    title: "Equipped for every liquid waste job",
    items: [
      {
        title: "3, 4 and 6 inch hoses",
        text: "Long hose runs in every common diameter reach pits, lagoons and interceptors that a tanker cannot park beside.",
      },
      {
        title: "Tankers up to 30,000 litres",
        text: "From compact 4,500 litre vacuum units for tight yards to 30,000 litre articulated tankers for bulk removals.",
      },
      {
        title: "Flood water extraction",
        text: "Rapid pumping of flooded basements, plant rooms, pits and car parks, with the water taken to licensed treatment.",
      },
      {
        title: "24/7 emergency service",
        text: "Spills, blocked drains and overflowing tanks do not wait for office hours; neither does our on-call crew.",
      },
      {
        title: "Coverage of England",
        text: "Depots in the East of England and partner hauliers across the country put a tanker at most English sites the same day.",
      },
    ],
  },
  codes: {
    eyebrow: "Permitted wastes",
    title: "Liquid waste EWC codes we collect",
    intro:
      "Not sure of your code? Describe the liquid in your enquiry and we will classify it for your waste transfer note.",
    items: [
      {
        code: "19 13 08",
        description: "Aqueous liquid wastes and concentrates from groundwater remediation",
      },
      { code: "02 01 01", description: "Sludges from washing and cleaning in agriculture" },
      { code: "02 02 01", description: "Sludges from washing and cleaning in meat and fish preparation" },
      { code: "19 08 05", description: "Sludges from treatment of urban waste water" },
      {
        code: "02 03 01",
        description:
          "Sludges from washing, cleaning, peeling and centrifuging in fruit and vegetable processing",
      },
    ],
  },
  form: {
    title: "Request tankering",
    intro:
      "Tell us what needs collecting and how often. We reply within one working day; for emergencies, call us.",
  },
};
