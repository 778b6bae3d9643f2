import { londonTime, twoDigits } from "@common/en-gb";

// The 'Schedule' control's times: a `datetime-local` value ("2026-11-30T08:00") is a wall-clock
// time in the site's time zone (Europe/London), whatever the administrator's computer says.

/** The instant as a London wall-clock `datetime-local` value. */
export function londonLocal(date: Date): string {
  const t = londonTime(date.getTime());
  return `${t.year}-${twoDigits(t.month)}-${twoDigits(t.day)}T${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a London wall-clock time names, as ISO-8601; null for a malformed value. London is
 * UTC or UTC+1: the guess as UTC is corrected by the offset London shows at it (in the hour the
 * clocks go forward, a time that does not exist comes out an hour later, as clocks do).
 */
export function londonToIso(value: string): string | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(guess)) return null;
  // Summer time first: in the hour the clocks go back, a time that happens twice is its first.
  for (const offsetHours of [1, 0]) {
    const instant = new Date(guess - offsetHours * 3_600_000);
    if (londonLocal(instant) === value) return instant.toISOString();
  }
  return new Date(guess).toISOString();
}
