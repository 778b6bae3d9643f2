export const CHILDREN_PRIVACY_AGE = 13;
export const TANKER_CAPACITY_LITRES = 30_000;
export const HOSE_SIZES_INCH = [3, 4, 6] as const;
export const OPENING_HOURS = [
  { days: "Mon-Fri", opens: "06:00", closes: "18:00" },
  { days: "Sat", opens: "08:00", closes: "17:00" },
] as const;
/** The site's time zone: schedules are picked and shown in it. */
export const SITE_TIME_ZONE = "Europe/London";

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
  phoneInternational: "+44 1733 555014",
  wasteCarrierRegistration: "CBDU412987",
  reviewWidgetId: "5f3c2a9e8b7d4c1a2e6f0b93",
  social: {
    facebook: "https://www.facebook.com/fenlandorganics",
    instagram: "https://www.instagram.com/fenlandorganics",
    linkedin: "https://www.linkedin.com/company/fenland-organics",
    youtube: "https://www.youtube.com/@fenlandorganics",
  },
  reviewUrl: "https://uk.trustpilot.com/evaluate/fenlandorganics.co.uk",
  reviewProfileUrl: "https://uk.trustpilot.com/review/fenlandorganics.co.uk",
  publicRegisterUrl:
    "https://environment.data.gov.uk/public-register/waste-carriers-brokers/registration/CBDU412987",
  copyright: "copyright 2025",
  /** Mon-Fri 06:00-18:00, Sat 08:00-17:00. */
  hours: OPENING_HOURS,
} as const;

/** The one-line postal address, as printed in the footer and on the contact page. */
export const COMPANY_ADDRESS_LINE = `${COMPANY.address.street}, ${COMPANY.address.locality} ${COMPANY.address.postcode}, ${COMPANY.address.country}`;

/** Third-party widget hosts; the CSP in server/plugins/security.ts allows exactly these. */
export const WIDGET_SCRIPTS = {
  review: "https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js",
  publicRegister: "https://environment.data.gov.uk/public-register/widget/waste-carrier.js",
} as const;

/** "Mon-Fri 06:00-18:00, Sat 08:00-17:00" */
export const OPENING_HOURS_TEXT = COMPANY.hours.map((h) => `${h.days} ${h.opens}-${h.closes}`).join(", ");
