import { londonTime, MONTHS, twoDigits, WEEKDAYS } from "../en-gb";

/**
 * "Thursday 7 January 2027 at 10:30": a review's time as the site writes it (London's clock). A
 * module of its own, importing nothing of the bookings' or the enquiries' modules, so the
 * enquiries' rows (common/leads/enquiries.ts) can write a review's time without a cycle.
 */
export function reviewTimeText(at: Date | string): string {
  const t = londonTime(new Date(at).getTime());
  return `${WEEKDAYS[t.weekday]} ${t.day} ${MONTHS[t.month - 1]} ${t.year} at ${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}
