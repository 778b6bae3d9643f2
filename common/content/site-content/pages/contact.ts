import { type DataOf, group, seoFields, text, textarea } from "../fields";

/**
 * The contact pages' words around their forms (/contact and /contact/2, the AD plant partnership's).
 * /contact's description names the phone, e-mail and hours: the site details make it.
 */
export const CONTACT_FIELDS = {
  contact: group("Contact Us (/contact)", {
    title: text("Page title", 70),
    eyebrow: text("Eyebrow", 60),
    lead: textarea("Introduction", 300),
    formTitle: text("Form heading", 60),
  }),
  partnership: group("AD Plant Partnership (/contact/2)", {
    seo: seoFields(),
    eyebrow: text("Eyebrow", 60),
    lead: textarea("Introduction", 300),
    formTitle: text("Form heading", 60),
  }),
  heading: text("Heading of both pages", 60),
  formIntro: textarea("Text above both forms", 250),
} as const;

export type ContactContent = DataOf<typeof CONTACT_FIELDS>;

export const CONTACT_DEFAULTS: ContactContent = {
  contact: {
    title: "Contact Us",
    eyebrow: "Get in touch",
    lead: "Questions about collections, tankering or an existing account? Our Peterborough office answers the phone from six in the morning.",
    formTitle: "Send us a message",
  },
  partnership: {
    seo: {
      title: "AD Plant Partnership",
      description:
        "Secure a steady, de-packaged organic feedstock for your anaerobic digestion plant. Contact the Fenland Organics feedstock team in Peterborough.",
    },
    eyebrow: "AD Plant Partnership",
    lead: "Run an anaerobic digestion plant? Tell us your feedstock needs, gate fees and tonnage, and our feedstock team will set up a supply that keeps your digesters fed.",
    formTitle: "Tell us about your plant",
  },
  heading: "Contact Us",
  formIntro:
    "We reply within one working day. The more you tell us about your waste, the more accurate our first answer.",
};
