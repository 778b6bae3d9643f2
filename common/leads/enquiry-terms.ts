/** An enquiry's words: its kinds and statuses, the quote's steps and choices. */

export const QUOTE_STEPS = 6;
export const QUOTE_STEP_NAMES = [
  "Business Type",
  "Waste Type",
  "Volume/Frequency",
  "Location",
  "Contact Information",
  "Review & Confirm",
] as const;
export const BUSINESS_TYPES = [
  "Food and Beverage Manufacture",
  "Farming",
  "Transfer Station",
  "Council",
  "Others",
] as const;
export const FREQUENCIES = ["Daily", "Weekly", "Fortnightly", "One Off Collection"] as const;
/** The kinds a form of the site (and its REST API's POST) sends: SPEC's three. */
export const FORM_KINDS = ["contact", "quote", "tankering"] as const;
export type FormKind = (typeof FORM_KINDS)[number];
/**
 * Every kind of enquiry on the desk: the forms' and "review", the free waste review a visitor
 * books on /book (issue 48), stored through the same intake with the same spam rules.
 */
export const ENQUIRY_KINDS = [...FORM_KINDS, "review"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
/** Where an enquiry stands in the inbox; `spam` only ever comes from the honeypot. */
export const ENQUIRY_STATUSES = ["new", "contacted", "closed", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** The statuses staff set by hand (a spam enquiry is rescued by setting one of these). */
export const STAFF_ENQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type StaffEnquiryStatus = (typeof STAFF_ENQUIRY_STATUSES)[number];
/** Where an enquiry's notification to the office stands in the outbox. */
export const MAIL_STATES = ["pending", "sent", "failed"] as const;
