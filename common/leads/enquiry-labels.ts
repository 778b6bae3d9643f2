import { REVIEW_TITLE } from "../bookings/bookings";
import type { EnquiryKind, EnquiryStatus } from "./enquiry-terms";

/** How the admin says an enquiry's kind and status (the inbox, the desk, the CSV export). */
export const KIND_LABELS: Record<EnquiryKind, string> = {
  quote: "Quote",
  contact: "Contact",
  tankering: "Tankering",
  review: REVIEW_TITLE,
};

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
  spam: "Spam",
};
