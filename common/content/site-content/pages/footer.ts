import { COMPANY } from "../../../company";
import { type DataOf, list, text } from "../fields";

/**
 * The footer's words on every page. The six links are fixed (where each leads stays in code:
 * app/content/navigation.ts); the company's address, phone, hours and links are the site details'.
 */
export const FOOTER_FIELDS = {
  exploreTitle: text("Links heading", 30),
  links: list("Links", "link", { min: 6, max: 6 }, { label: text("Link text", 30) }),
  contactTitle: text("Contact heading", 30),
  emailLabel: text("Before the e-mail address", 20),
  phoneLabel: text("Before the phone number", 20),
  reviewsTitle: text("Reviews heading", 30),
  reviewAction: text("Review button", 30),
  copyright: text("Copyright line", 60),
  privacyLink: text("Privacy link", 40),
} as const;

export type FooterContent = DataOf<typeof FOOTER_FIELDS>;

export const FOOTER_DEFAULTS: FooterContent = {
  exploreTitle: "Explore",
  links: [
    { label: "Home" },
    { label: "About us" },
    { label: "Sustainability" },
    { label: "Services" },
    { label: "Blog" },
    { label: "Contact us" },
  ],
  contactTitle: "Get in touch",
  emailLabel: "Email:",
  phoneLabel: "Phone:",
  reviewsTitle: "Reviews",
  reviewAction: "Drop Review",
  copyright: COMPANY.copyright,
  privacyLink: "Privacy and cookie policy",
};
