/**
 * The site details document's shape and today's values (no zod here: public pages import this and
 * the hours' helpers, never the schema). An empty database shows exactly these.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's hours: closed, or open from `opens` to `closes` (HH:MM, the site's time zone). */
export type DayHours = { closed: true } | { closed: false; opens: string; closes: string };

/**
 * A day (or a run of days, `from` to `to` inclusive) whose hours differ from the week's: a bank
 * holiday, Christmas. `note` says why or what still runs ("emergency tankering only").
 */
export interface SpecialDay {
  from: string;
  /** The last day of the run (YYYY-MM-DD); empty for a single day. */
  to: string;
  hours: DayHours;
  note: string;
}

export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SiteDetails {
  name: string;
  legalName: string;
  address: { street: string; locality: string; postcode: string; country: string };
  /** As people read it ("01733 555 014"); the tel: link and +44 form are derived (phoneLinks). */
  phone: string;
  email: string;
  wasteCarrierRegistration: string;
  /** https addresses; an empty one is not shown. */
  social: Record<SocialNetwork, string>;
  /** Where a customer writes a review, and where reviews are read. */
  reviews: { write: string; read: string };
  hours: Record<Weekday, DayHours>;
  /** A line under the week's hours on the contact page (what still runs when closed); empty: none. */
  hoursNote: string;
  specialDays: SpecialDay[];
}

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });
const CLOSED: DayHours = { closed: true };

/** Today's details (what common/company.ts said before the office could edit them). */
export const SITE_DETAILS_DEFAULTS: SiteDetails = {
  name: "Fenland Organics",
  legalName: "Fenland Organics Ltd",
  address: {
    street: "Unit 4, Fengate Trade Park",
    locality: "Peterborough",
    postcode: "PE1 5XG",
    country: "UK",
  },
  phone: "01733 555 014",
  email: "info@fenlandorganics.co.uk",
  wasteCarrierRegistration: "CBDU412987",
  social: {
    facebook: "https://www.facebook.com/fenlandorganics",
    instagram: "https://www.instagram.com/fenlandorganics",
    linkedin: "https://www.linkedin.com/company/fenland-organics",
    youtube: "https://www.youtube.com/@fenlandorganics",
  },
  reviews: {
    write: "https://uk.trustpilot.com/evaluate/fenlandorganics.co.uk",
    read: "https://uk.trustpilot.com/review/fenlandorganics.co.uk",
  },
  hours: {
    mon: open("06:00", "18:00"),
    tue: open("06:00", "18:00"),
    wed: open("06:00", "18:00"),
    thu: open("06:00", "18:00"),
    fri: open("06:00", "18:00"),
    sat: open("08:00", "17:00"),
    sun: CLOSED,
  },
  hoursNote: "Sundays and bank holidays: emergency tankering only.",
  specialDays: [],
};
