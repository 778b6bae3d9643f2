import { addDays } from "./availability";
import { mondayOf } from "./day-list";

/**
 * The dashboard's week of free waste reviews (issue 48): this week's booked reviews (Monday to
 * Sunday, London days), each with its time, company, reference and colleague, for Desk and Owner.
 */

/** This week's London days, Monday to Sunday, both included, around `today` (YYYY-MM-DD). */
export function weekAround(today: string): { from: string; to: string } {
  const from = mondayOf(today);
  return { from, to: addDays(from, 6) };
}

/** A review on the dashboard: no visitor's name, e-mail or phone (the enquiry has them). */
export interface WeekReview {
  id: string;
  startsAt: string;
  company: string | null;
  reference: string;
  /** The enquiry the booking made (gone when the visitor was erased). */
  enquiryId: string | null;
  /** The colleague who takes it; null when nobody yet (the office's). */
  staffEmail: string | null;
}

export const WEEK_REVIEWS_MESSAGES = {
  heading: "Free waste reviews this week",
  caption: "Free waste reviews booked this week (UK time)",
  when: "When",
  company: "Company",
  reference: "Reference",
  colleague: "Colleague",
  office: "The office (nobody yet)",
  empty: "No free waste reviews are booked this week.",
  openBookings: "Open Bookings",
} as const;
