import { type DataOf, group, image, list, seoFields, text, textarea } from "../fields";

/** The home page's words (/ and every unknown address). Its service cards and figures are the Services and Sustainability pages' own. */
export const HOME_FIELDS = {
  seo: seoFields(),
  hero: group("Top of the page", {
    eyebrow: text("Eyebrow", 80, { hint: "The small line above the heading" }),
    title: text("Heading", 80),
    lead: textarea("Introduction", 300),
    primaryAction: text("Main button", 30),
    secondaryAction: text("Second button", 40),
    picture: image("Picture", "Replaces the illustration beside the heading"),
  }),
  partnersTitle: text("Partners heading", 80),
  services: group("Services section", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    intro: textarea("Introduction", 250),
  }),
  reasons: group("Why us section", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    items: list(
      "Reasons",
      "reason",
      { min: 2, max: 6 },
      {
        title: text("Title", 60),
        text: textarea("Text", 250),
      },
    ),
  }),
  impact: group("Impact section", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    link: text("Link to the Sustainability page", 60),
  }),
  callToAction: group("Call to action", {
    title: text("Heading", 80),
    lead: textarea("Text", 200),
    action: text("Button", 30),
  }),
  blog: group("Blog section", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
  }),
} as const;

export type HomeContent = DataOf<typeof HOME_FIELDS>;

/** Today's words: an empty database shows exactly these. */
export const HOME_DEFAULTS: HomeContent = {
  seo: {
    title: "Organic waste collection across England",
    description:
      "Fenland Organics collects food, farm and process waste from UK businesses and turns it into renewable energy and fertiliser through anaerobic digestion. Based in Peterborough.",
  },
  hero: {
    eyebrow: "Organic waste haulage · AD partnerships · Tankering",
    title: "Organic waste collection across England",
    lead: "We collect food, farm and process waste from your site and deliver it to anaerobic digestion plants, where it becomes renewable energy and fertiliser for the fens.",
    primaryAction: "Get a Quote",
    secondaryAction: "Explore our services",
    picture: { alt: "" },
  },
  partnersTitle: "Trusted by growers, processors and AD operators",
  services: {
    eyebrow: "What we do",
    title: "One partner for every organic waste stream",
    intro:
      "From a single food-waste bin to thousands of tonnes of vegetable rejects a season, we collect, transport and recover it.",
  },
  reasons: {
    eyebrow: "Why Fenland Organics",
    title: "Waste that works for you",
    items: [
      {
        title: "Compliance handled",
        text: "Registered upper-tier waste carrier. Every load comes with a waste transfer note and the right EWC code, ready for your next audit.",
      },
      {
        title: "Nothing to landfill",
        text: "Every tonne we collect goes to anaerobic digestion or composting, never to landfill or incineration.",
      },
      {
        title: "Local and reliable",
        text: "Our own drivers and vehicles out of Peterborough, with collection windows that fit round your production shifts.",
      },
    ],
  },
  impact: {
    eyebrow: "Our impact",
    title: "Measured in tonnes, not slogans",
    link: "How we measure our impact",
  },
  callToAction: {
    title: "Ready to turn your waste into a resource?",
    lead: "Tell us what you produce and how often: a quote takes about two minutes.",
    action: "Start your quote",
  },
  blog: { eyebrow: "From the blog", title: "News and guidance" },
};
