import { MONTHS, WEEKDAYS } from "../en-gb";

/**
 * How /book lists the days with free times (issue 48): week by week from Monday, the first weeks
 * open and the later ones behind one disclosure, so a phone shows a fortnight, not eight weeks of
 * links, and every day is still one link away without JavaScript.
 */

/** Weeks shown open before the rest are folded away. */
export const OPEN_WEEKS = 2;

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** ["Thursday", "7 January"]: a calendar day (YYYY-MM-DD)'s weekday and date. */
export function dayParts(day: string): [weekday: string, date: string] {
  const d = noon(day);
  return [WEEKDAYS[d.getUTCDay()], `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`];
}

/** "Thursday 7 January": a calendar day as the pages say it. */
export const dayText = (day: string): string => dayParts(day).join(" ");

/** The Monday (YYYY-MM-DD) of a calendar day's week. */
export function mondayOf(day: string): string {
  const d = noon(day);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Days (in order) grouped by the week they fall in, each week under its Monday. */
export function weeksOf<T extends { day: string }>(days: T[]): Array<{ monday: string; days: T[] }> {
  const weeks: Array<{ monday: string; days: T[] }> = [];
  for (const day of days) {
    const monday = mondayOf(day.day);
    if (weeks.at(-1)?.monday !== monday) weeks.push({ monday, days: [] });
    weeks.at(-1)?.days.push(day);
  }
  return weeks;
}

export const DAY_LIST_TEXTS = {
  week: (monday: string) => `Week of ${dayText(monday)}`,
  later: (lastDay: string) => `Later dates, until ${dayText(lastDay)}`,
  times: (count: number) => `${count} ${count === 1 ? "time" : "times"}`,
} as const;
