import { COMPANY } from "../../../company";
import { type DataOf, group, image, list, seoFields, text, textarea } from "../fields";
import { PAGE_CONTENT_MESSAGES as M } from "../page-messages";

/** /about's words. The registration widget's details are the site details' own. */
export const ABOUT_FIELDS = {
  seo: seoFields(),
  hero: group("Top of the page", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 60),
    lead: textarea("Introduction", 400),
    action: text("Button", 40),
    picture: image("Picture", "Replaces the illustration beside the heading"),
  }),
  mission: group("Mission", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    paragraphs: list("Paragraphs", "paragraph", { min: 1, max: 4 }, { text: textarea("Paragraph", 600) }),
  }),
  values: group("Values", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    items: list(
      "Values",
      "value",
      { min: 2, max: 6 },
      {
        title: text("Title", 40),
        text: textarea("Text", 250),
      },
    ),
  }),
  story: group("Our story", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    milestones: list(
      "Milestones",
      "milestone",
      { min: 1, max: 8 },
      {
        year: text("Year", 4, { pattern: /^\d{4}$/, patternMessage: M.year }),
        text: textarea("Text", 250),
      },
    ),
  }),
  registration: group("Registration", {
    eyebrow: text("Eyebrow", 60),
    title: text("Heading", 80),
    intro: textarea("Introduction", 300),
  }),
} as const;

export type AboutContent = DataOf<typeof ABOUT_FIELDS>;

export const ABOUT_DEFAULTS: AboutContent = {
  seo: {
    title: "About Us",
    description:
      "Fenland Organics is a Peterborough organic waste carrier that keeps food and farm waste out of landfill by feeding anaerobic digestion plants across England.",
  },
  hero: {
    eyebrow: "About Us",
    title: "About Us",
    lead: `${COMPANY.name} is a family-run organic waste carrier based in ${COMPANY.address.locality}. We were founded by people who grew up on fenland farms and watched good organic material go to landfill.`,
    action: "Talk to our team",
    picture: { alt: "" },
  },
  mission: {
    eyebrow: "Our mission",
    title: "Keep organic waste in the loop",
    paragraphs: [
      {
        text: "Our mission is simple: no organic waste from our customers goes to landfill. We collect it, de-package it where needed and deliver it to anaerobic digestion plants that turn it into biogas, electricity and a digestate fertiliser that goes back onto the fields.",
      },
      {
        text: "For food and drink manufacturers that means lower disposal costs and a clean audit trail. For farms it means a home for crop residues and a return of nutrients. For AD operators it means a steady, well-sorted feedstock all year round.",
      },
    ],
  },
  values: {
    eyebrow: "How we work",
    title: "Three things we never compromise on",
    items: [
      {
        title: "Traceable",
        text: "Every collection is weighed, coded and documented, from your yard to the digester gate.",
      },
      {
        title: "Practical",
        text: "We work round harvests, production runs and bank holidays, because waste does not stop for them.",
      },
      {
        title: "Circular",
        text: "What leaves your site as waste comes back to the land as energy and fertiliser.",
      },
    ],
  },
  story: {
    eyebrow: "Our story",
    title: "From one tipper to a regional fleet",
    milestones: [
      { year: "2016", text: "Started with one tipper and three potato growers near Whittlesey." },
      {
        year: "2019",
        text: "First long-term feedstock agreement with an anaerobic digestion plant in the Nene valley.",
      },
      { year: "2022", text: "Added vacuum tankers for washdown water, sludges and flood response." },
      {
        year: "2025",
        text: "Twenty-two vehicles serving food manufacturers, farms and councils across England.",
      },
    ],
  },
  registration: {
    eyebrow: "Licensed and insured",
    title: "A registered waste carrier",
    intro:
      "Your duty of care means checking who takes your waste away. Our registration is public: check it on the Environment Agency register.",
  },
};
