import { hoursOn } from "../content/site-content/opening-hours";
import type { DayHours, SiteDetails } from "../content/site-content/site-details-defaults";
import { isBritishSummerTime, londonDay, londonTime, twoDigits } from "../en-gb";

/**
 * When a free waste review can be booked (issue 48): the office's published opening hours and
 * special days (site content), minus the reviews already booked and the times staff blocked, on a
 * grid of the review's length plus the buffer after it, from the minimum notice to the horizon.
 * Everything is on the site's clock (Europe/London), by the arithmetic of common/en-gb.ts rather
 * than Intl (decision 0035): a slot is a wall-clock time of its day, so 10:00 stays 10:00 on the
 * days the clocks change and no slot is duplicated or lost.
 */

/** What the Owner sets: the review's length, the buffer after each, the notice and the horizon. */
export interface BookingSettings {
  /** How long a review lasts, minutes. */
  lengthMinutes: number;
  /** Kept free after each review (travel, notes), minutes. */
  bufferMinutes: number;
  /** How many of the office's open days ahead the first bookable day is (1: the next open day). */
  noticeDays: number;
  /** How many weeks ahead reviews can be booked. */
  horizonWeeks: number;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  lengthMinutes: 30,
  bufferMinutes: 15,
  noticeDays: 1,
  horizonWeeks: 8,
};

/** The bounds of each setting (the Owner's form and the API refuse values outside them). */
export const BOOKING_SETTING_LIMITS = {
  lengthMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  noticeDays: { min: 0, max: 30 },
  horizonWeeks: { min: 1, max: 52 },
} as const;

/** A busy stretch of time, milliseconds since the epoch, end excluded. */
export interface Interval {
  start: number;
  end: number;
}

/** One bookable time: its instant and its wall-clock time in London. */
export interface Slot {
  /** ISO 8601 in UTC ("2027-03-29T09:00:00.000Z"): what a booking sends back. */
  start: string;
  /** "09:00", London's wall clock. */
  time: string;
}

export interface AvailableDay {
  /** YYYY-MM-DD, London's calendar. */
  day: string;
  slots: Slot[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;

/** The calendar day after (or `n` days after) `day`, YYYY-MM-DD. */
export const addDays = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * The instant London's wall clock reads `minutes` past midnight on `day`; undefined for a time the
 * spring change skips (01:00-01:59 on the last Sunday of March). An hour the autumn change repeats
 * is taken the first time (summer time).
 */
export function londonInstant(day: string, minutes: number): number | undefined {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE;
  for (const candidate of [wall - HOUR, wall]) {
    const offset = isBritishSummerTime(candidate) ? HOUR : 0;
    if (candidate + offset === wall) return candidate;
  }
  return undefined;
}

/** The wall-clock time (HH:MM) in London at the instant. */
export const londonClock = (time: number) => {
  const t = londonTime(time);
  return `${twoDigits(t.hour)}:${twoDigits(t.minute)}`;
};

const isOpen = (hours: DayHours): hours is Extract<DayHours, { closed: false }> => !hours.closed;

/** The first bookable day at `now`: `noticeDays` open days after today (0: today, later times). */
export function firstBookableDay(
  details: Pick<SiteDetails, "hours" | "specialDays">,
  settings: Pick<BookingSettings, "noticeDays">,
  now: number,
): string {
  let day = londonDay(now);
  for (let open = 0, i = 0; open < settings.noticeDays && i < 400; i++) {
    day = addDays(day);
    if (isOpen(hoursOn(details, day).hours)) open++;
  }
  return day;
}

/** The last bookable day at `now`: the horizon's weeks after today. */
export const lastBookableDay = (settings: Pick<BookingSettings, "horizonWeeks">, now: number) =>
  addDays(londonDay(now), settings.horizonWeeks * 7);

export interface AvailabilityInput {
  details: Pick<SiteDetails, "hours" | "specialDays">;
  settings: BookingSettings;
  /** Reviews booked (not cancelled), each from its start to its end (the buffer is added here). */
  booked: readonly Interval[];
  /** Times staff blocked (holidays, training). */
  blocked: readonly Interval[];
  now: number;
  /** The days asked for (YYYY-MM-DD, both included); clipped to the notice and the horizon. */
  from?: string;
  to?: string;
}

/**
 * Every bookable day (with at least one free time) and its times, in order. A day's grid starts at
 * its opening time and steps by the review's length plus the buffer; a time is offered when the
 * review ends by closing time, it starts after `now`, and neither the review nor its buffer meets
 * a booked review (with that one's buffer) or a blocked time.
 */
export function availability(input: AvailabilityInput): AvailableDay[] {
  const { details, settings, now } = input;
  const first = firstBookableDay(details, settings, now);
  const last = lastBookableDay(settings, now);
  const from = input.from && input.from > first ? input.from : first;
  const to = input.to && input.to < last ? input.to : last;
  const length = settings.lengthMinutes * MINUTE;
  const buffer = settings.bufferMinutes * MINUTE;
  const step = settings.lengthMinutes + settings.bufferMinutes;
  // Busy stretches, each booking with its buffer after it, sorted by start for one forward walk.
  const busy = [...input.booked.map((b) => ({ start: b.start, end: b.end + buffer })), ...input.blocked].sort(
    (a, b) => a.start - b.start,
  );
  const days: AvailableDay[] = [];
  let cursor = 0;
  for (let day = from; day <= to; day = addDays(day)) {
    const { hours } = hoursOn(details, day);
    if (!isOpen(hours)) continue;
    const closes = minutesOf(hours.closes);
    const slots: Slot[] = [];
    for (let minutes = minutesOf(hours.opens); minutes + settings.lengthMinutes <= closes; minutes += step) {
      const start = londonInstant(day, minutes);
      if (start === undefined || start <= now) continue;
      const end = start + length + buffer;
      // Stretches wholly before this slot can never meet a later one: skip past them for good.
      while (cursor < busy.length && busy[cursor].end <= start) cursor++;
      let free = true;
      for (let i = cursor; i < busy.length && busy[i].start < end; i++)
        if (busy[i].end > start) {
          free = false;
          break;
        }
      if (free) slots.push({ start: new Date(start).toISOString(), time: hhmm(minutes) });
    }
    if (slots.length) days.push({ day, slots });
  }
  return days;
}

/** Whether `start` (an ISO instant) is one of the times offered. */
export const isOffered = (days: readonly AvailableDay[], start: string) =>
  days.some((d) => d.slots.some((s) => s.start === start));

/** Up to `count` free times nearest to `start` (before or after it), nearest first. */
export function nearestSlots(days: readonly AvailableDay[], start: string, count = 3): Slot[] {
  const at = Date.parse(start);
  return days
    .flatMap((d) => d.slots)
    .sort((a, b) => Math.abs(Date.parse(a.start) - at) - Math.abs(Date.parse(b.start) - at))
    .slice(0, count);
}
