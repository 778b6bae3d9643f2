import { COMPANY } from "../company";
import {
  OPEN_NOW_TEXTS,
  openingHoursText,
  specialDayDates,
  upcomingSpecialDays,
} from "../content/site-content/opening-hours";
import { SITE_DETAILS_DEFAULTS, type SiteDetails } from "../content/site-content/site-details-defaults";
import type { EnquiryKind } from "./enquiry-terms";

/**
 * The visitor's side of an enquiry: its reference, and the confirmation mail's words.
 * Said once here: the success screens, the enquiry page and the mail all use these.
 */

/** A reference a visitor can read out on the phone: FO- and the first 8 characters of the id. */
export const enquiryReference = (id: string) => `FO-${id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;

export const REFERENCE_TEXT = {
  label: "Reference",
  yours: (reference: string) => `Your reference: ${reference}`,
} as const;

const WHAT: Record<EnquiryKind, string> = {
  contact: "message",
  quote: "quote request",
  tankering: "tankering enquiry",
  // Never sent: a booked review's confirmation is the booking's own, with its invitation.
  review: "free waste review",
};

/**
 * The one confirmation mail each visitor gets (never for spam), sent after the office's own; the
 * office's name, hours, phone and e-mail from the published site details as it is sent.
 */
export function confirmationMail(
  input: { kind: EnquiryKind; name: string; reference: string },
  site: Pick<SiteDetails, "name" | "phone" | "email" | "hours" | "specialDays"> = SITE_DETAILS_DEFAULTS,
  now = new Date(),
) {
  const special = upcomingSpecialDays(site, now).map(
    (day) =>
      `${specialDayDates(day)}: ${day.hours.closed ? OPEN_NOW_TEXTS.closedAllDay : `${day.hours.opens}-${day.hours.closes}`}${day.note ? ` (${day.note})` : ""}.`,
  );
  return {
    subject: `We have your ${WHAT[input.kind]} (${input.reference})`,
    text: [
      `Dear ${input.name || "customer"},`,
      "",
      `Thank you for your ${WHAT[input.kind]} to ${site.name}. Your reference is ${input.reference}.`,
      "",
      "What happens next: a member of our team reads every enquiry and will contact you, usually",
      "within one working day. Please quote your reference if you call or write to us.",
      "",
      `Office hours: ${openingHoursText(site.hours)}.`,
      ...(special.length ? [`${OPEN_NOW_TEXTS.specialHours}:`, ...special] : []),
      `Phone ${site.phone}, e-mail ${site.email}.`,
      "",
      site.name,
    ].join("\n"),
  };
}

/** A reply staff write on the enquiry page: their text, under the enquiry's reference. */
export const replySubject = (reference: string) => `Your enquiry to ${COMPANY.name} (${reference})`;
