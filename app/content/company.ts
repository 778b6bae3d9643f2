/** Company facts, defined once and used everywhere (pages, footer, JSON-LD, mail). */
export const COMPANY = {
  name: "Fenland Organics",
  legalName: "Fenland Organics Ltd",
  tagline: "Organic waste collection and management across England",
  address: {
    street: "Unit 4, Fengate Trade Park",
    locality: "Peterborough",
    postcode: "PE1 5XG",
    country: "UK",
  },
  email: "info@fenlandorganics.co.uk",
  phone: "01733 555 014",
  phoneHref: "tel:+441733555014",
  wasteCarrierRegistration: "CBDU412987",
  reviewWidgetId: "5f3c2a9e8b7d4c1a2e6f0b93",
  social: {
    facebook: "https://www.facebook.com/fenlandorganics",
    instagram: "https://www.instagram.com/fenlandorganics",
    linkedin: "https://www.linkedin.com/company/fenland-organics",
    youtube: "https://www.youtube.com/@fenlandorganics",
  },
  reviewUrl: "https://uk.trustpilot.com/evaluate/fenlandorganics.co.uk",
} as const;
