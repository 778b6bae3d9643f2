/**
 * The site content's messages (the admin's half of the catalogue for it): each field's problem,
 * said beside the field, and the outcomes of saving, publishing and restoring. Admin only: the
 * public pages never download it (their words about hours are in opening-hours.ts).
 */
import { WEEKDAY_NAMES } from "./opening-hours";
export const SITE_CONTENT_MESSAGES = {
  unknownDocument: "There is no such site content",
  revisionNotFound: "This revision does not exist any more",
  tooLarge: "This content is too large to save",
  notAnObject: "Send the document's fields as a JSON object",
  staleVersionMissing: "Say which version this was made from (baseVersion)",
  stale: (by: string | null, at: string | null) =>
    `Someone else changed this since you opened it${by ? ` (${by}${at ? `, ${at}` : ""})` : ""}. Reload to see their version; your changes are not saved.`,
  invalid: "Some fields need attention before this can be published",
  publishAtPast: "Choose a time in the future",
  publishAtInvalid: "Enter a date and time, for example 24/12/2025 17:00",
  nothingScheduled: "Nothing is scheduled",
  pictureMissing: "This picture does not exist any more: choose another",
  saved: "Draft saved",
  published: "Published",
  scheduled: (when: string) => `Scheduled for ${when}`,
  scheduleCancelled: "Schedule cancelled",
  restored: "Revision restored as the draft: publish it to show it on the site",
} as const;

/** The site details' field messages. */
export const SITE_DETAILS_MESSAGES = {
  required: (field: string) => `Enter the ${field}`,
  tooLong: (field: string, max: number) => `The ${field} must be ${max} characters or fewer`,
  postcode: "Enter a real UK postcode, like PE1 5XG",
  phone: "Enter a UK phone number starting 01, 02, 03, 07 or 08, like 01733 555 014",
  email: "Enter an e-mail address, like info@example.co.uk",
  url: "Enter a web address starting https://",
  time: "Enter a time as HH:MM, like 08:30",
  opensBeforeCloses: "The opening time must be before the closing time",
  date: "Enter a real date as YYYY-MM-DD, like 2025-12-25",
  toBeforeFrom: "The last day must be on or after the first day",
  overlap: (other: string) => `This overlaps another special day (${other})`,
  tooManySpecialDays: (max: number) => `At most ${max} special days`,
  wasteCarrier: "Enter the registration number, like CBDU412987",
} as const;

/** The admin screen's labels (DESIGN's accessible names). */
export const SITE_DETAILS_LABELS = {
  name: "Company name",
  legalName: "Legal name",
  street: "Street",
  locality: "Town or city",
  postcode: "Postcode",
  country: "Country",
  phone: "Phone",
  email: "Email",
  wasteCarrierRegistration: "Waste carrier registration",
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  reviewWrite: "Write a review (link)",
  reviewRead: "Read reviews (link)",
  closed: "Closed",
  opens: "Opens",
  closes: "Closes",
  from: "Date",
  to: "Until (optional)",
  note: "Note",
  company: "Company",
  address: "Address",
  contact: "Phone, email and registration",
  social: "Social links",
  socialHint: "Leave one empty to hide its icon",
  reviews: "Review links",
  openingHours: "Opening hours",
  hoursNote: "Line under the hours (optional)",
  specialDays: "Special days",
  specialDaysHint:
    'Bank holidays, Christmas: closed or other hours, with a note such as "emergency tankering only"',
  noSpecialDays: "No special days",
  specialDay: (n: number) => `Special day ${n}`,
  addSpecialDay: "Add special day",
  remove: "Remove",
  removeSpecialDay: (n: number) => `Remove special day ${n}`,
  weekdays: WEEKDAY_NAMES,
} as const;

/** The 'Site' list's words and the editors' restore question (the rest: page-messages.ts's SITE_DOCUMENT_TEXTS). */
export const SITE_CONTENT_TEXTS = {
  listHeading: "Site content",
  listIntro:
    "The company's details, opening hours and each page's words. Edit a draft, preview it, then publish.",
  restoreTitle: "Restore this revision?",
  restoreMessage: (when: string) =>
    `The draft becomes the revision of ${when}. What is published stays until you publish again.`,
} as const;
