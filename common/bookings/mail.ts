import { REVIEW_TITLE } from "./bookings";
import { reviewTimeText } from "./review-time";

export { reviewTimeText };

/**
 * The booking's mail (issue 48), said once: the visitor's confirmation (with the .ics and the
 * links to move or cancel), the change and cancellation notices, the reminder a day before, and
 * the office's notice of each change. Times on London's clock.
 */

interface Visitor {
  name: string;
  reference: string;
  startsAt: Date | string;
}

interface Site {
  name: string;
  phone: string;
  address: string;
}

/** The booking's own link, or (where the mail cannot carry it: only its hash is kept) the confirmation's. */
const links = (manage?: string) =>
  manage
    ? ["To move or cancel the review, use this link (it is for this booking only):", manage]
    : ["To move or cancel the review, use the link in your confirmation e-mail, or call us."];

const signature = (site: Site) => ["", `Phone ${site.phone}.`, site.name];

export function confirmationMail(visitor: Visitor, site: Site, manage: string) {
  return {
    subject: `Your ${REVIEW_TITLE.toLowerCase()} is booked for ${reviewTimeText(visitor.startsAt)} (${visitor.reference})`,
    text: [
      `Dear ${visitor.name},`,
      "",
      `Thank you for booking a ${REVIEW_TITLE.toLowerCase()} with ${site.name}.`,
      `When: ${reviewTimeText(visitor.startsAt)} (UK time). Your reference is ${visitor.reference}.`,
      "A member of our team will call you or meet you at your site, as agreed when we confirm.",
      "The calendar invitation is attached.",
      "",
      ...links(manage),
      ...signature(site),
    ].join("\n"),
  };
}

export function rescheduledMail(visitor: Visitor, site: Site, manage?: string) {
  return {
    subject: `Your ${REVIEW_TITLE.toLowerCase()} has moved to ${reviewTimeText(visitor.startsAt)} (${visitor.reference})`,
    text: [
      `Dear ${visitor.name},`,
      "",
      `Your ${REVIEW_TITLE.toLowerCase()} is now on ${reviewTimeText(visitor.startsAt)} (UK time).`,
      "The updated calendar invitation is attached.",
      "",
      ...links(manage),
      ...signature(site),
    ].join("\n"),
  };
}

export function cancelledMail(visitor: Visitor, site: Site) {
  return {
    subject: `Your ${REVIEW_TITLE.toLowerCase()} on ${reviewTimeText(visitor.startsAt)} is cancelled (${visitor.reference})`,
    text: [
      `Dear ${visitor.name},`,
      "",
      `Your ${REVIEW_TITLE.toLowerCase()} on ${reviewTimeText(visitor.startsAt)} has been cancelled.`,
      "You can book another time on our website whenever you like, or call us.",
      ...signature(site),
    ].join("\n"),
  };
}

export function reminderMail(visitor: Visitor, site: Site) {
  return {
    subject: `Reminder: your ${REVIEW_TITLE.toLowerCase()} is tomorrow, ${reviewTimeText(visitor.startsAt)} (${visitor.reference})`,
    text: [
      `Dear ${visitor.name},`,
      "",
      `A reminder of your ${REVIEW_TITLE.toLowerCase()} on ${reviewTimeText(visitor.startsAt)} (UK time).`,
      "",
      ...links(),
      ...signature(site),
    ].join("\n"),
  };
}

export type OfficeChange = "booked" | "rescheduled" | "cancelled";

const OFFICE_SUBJECT: Record<OfficeChange, string> = {
  booked: "booked",
  rescheduled: "moved",
  cancelled: "cancelled",
};

/** The office's notice of a change (who did it: the visitor, or a colleague's address). */
export function officeChangeMail(
  change: OfficeChange,
  booking: { reference: string; startsAt: Date | string; previous?: Date | string },
  by: string,
) {
  const lines = [
    `${REVIEW_TITLE} ${booking.reference} ${OFFICE_SUBJECT[change]} by ${by}.`,
    `When: ${reviewTimeText(booking.startsAt)}.`,
    ...(booking.previous ? [`Was: ${reviewTimeText(booking.previous)}.`] : []),
    "The visitor's details are on the desk, under the enquiry with this reference.",
  ];
  return {
    subject: `${REVIEW_TITLE} ${OFFICE_SUBJECT[change]}: ${reviewTimeText(booking.startsAt)} (${booking.reference})`,
    text: lines.join("\n"),
  };
}
