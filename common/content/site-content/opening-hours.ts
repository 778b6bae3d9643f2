import { londonDay, londonTime, MONTHS, twoDigits } from "../../en-gb";
import type { DayHours, SiteDetails, SpecialDay, Weekday } from "./site-details-defaults";
import { WEEKDAYS } from "./site-details-defaults";

/**
 * The site details as pages show them, without zod (public pages import this): the hours as one
 * line, "open now" in the site's time zone with special days, the phone's links, the address line.
 */

/**
 * Rendered where "open now" goes; the page is served with the sentence for the minute it is served
 * in its place (server/pages/form-token.ts fills it per response, cached pages too).
 */
export const OPEN_NOW_PLACEHOLDER = "fo-open-now-5b1e7c2d";

/**
 * The attribute of the one element the placeholder is filled in (`<span data-open-now="">`): the
 * same text anywhere else in the page (a visitor's search term) is left as it is.
 */
export const OPEN_NOW_ATTRIBUTE = "data-open-now";

export const OPEN_NOW_TEXTS = {
  openNow: "Open now",
  closedNow: "Closed now",
  closesAt: (time: string) => `closes at ${time}`,
  opensAt: (day: string, time: string) => `opens ${day} at ${time}`,
  today: "today",
  tomorrow: "tomorrow",
  specialHours: "Special opening hours",
  closedAllDay: "Closed",
} as const;

const SHORT_DAY: Record<Weekday, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};
/** A weekday's full English name: the site's sentences, the admin's labels and schema.org's dayOfWeek. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const sameHours = (a: DayHours, b: DayHours) =>
  a.closed === b.closed && (a.closed || b.closed || (a.opens === b.opens && a.closes === b.closes));

/** The weekly hours as one line, open days grouped: "Mon-Fri 06:00-18:00, Sat 08:00-17:00". */
export function openingHoursText(hours: SiteDetails["hours"]): string {
  const groups: Array<{ first: Weekday; last: Weekday; hours: DayHours }> = [];
  for (const day of WEEKDAYS) {
    const last = groups.at(-1);
    if (last && sameHours(last.hours, hours[day])) last.last = day;
    else groups.push({ first: day, last: day, hours: hours[day] });
  }
  return groups
    .flatMap(({ first, last, hours: h }) =>
      h.closed
        ? []
        : [`${SHORT_DAY[first]}${first === last ? "" : `-${SHORT_DAY[last]}`} ${h.opens}-${h.closes}`],
    )
    .join(", ");
}

/** The weekly hours grouped as rows ("Mon-Fri", "06:00", "18:00"): the contact page's list, the JSON-LD. */
export function openingHoursRows(hours: SiteDetails["hours"]) {
  const rows: Array<{ days: Weekday[]; label: string; opens: string; closes: string }> = [];
  for (const day of WEEKDAYS) {
    const h = hours[day];
    if (h.closed) continue;
    const last = rows.at(-1);
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.days.at(-1) === previous && last.opens === h.opens && last.closes === h.closes)
      last.days.push(day);
    else rows.push({ days: [day], label: "", opens: h.opens, closes: h.closes });
  }
  for (const row of rows)
    row.label =
      row.days.length === 1
        ? SHORT_DAY[row.days[0]]
        : `${SHORT_DAY[row.days[0]]}-${SHORT_DAY[row.days.at(-1) as Weekday]}`;
  return rows;
}

/** "Unit 4, Fengate Trade Park, Peterborough PE1 5XG, UK": the footer's and contact page's line. */
export const addressLine = ({ address: a }: Pick<SiteDetails, "address">) =>
  `${a.street}, ${a.locality} ${a.postcode}, ${a.country}`;

/** "01733 555 014" → the tel: link and the international form ("+44 1733 555014"). */
export function phoneLinks(phone: string): { href: string; international: string } {
  const digits = phone.replace(/\D/g, "").replace(/^0/, "");
  const [area = "", ...rest] = phone.trim().replace(/^0/, "").split(/\s+/);
  return { href: `tel:+44${digits}`, international: `+44 ${area}${rest.length ? ` ${rest.join("")}` : ""}` };
}

/** The public register's page for a waste carrier registration. */
export const publicRegisterUrl = (registration: string) =>
  `https://environment.data.gov.uk/public-register/waste-carriers-brokers/registration/${encodeURIComponent(registration)}`;

/** The site's calendar day (YYYY-MM-DD) and wall-clock time (HH:MM) at `at` (London, no Intl: decision 0035). */
export function siteClock(at: Date): { day: string; time: string } {
  const t = londonTime(at.getTime());
  return { day: londonDay(at.getTime()), time: `${twoDigits(t.hour)}:${twoDigits(t.minute)}` };
}

const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7];

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The special day covering `day`, if any. */
export const specialDayOn = (specialDays: readonly SpecialDay[], day: string) =>
  specialDays.find((s) => s.from <= day && day <= (s.to || s.from));

/** The hours of one calendar day: a special day's, or the week's. */
export function hoursOn(details: Pick<SiteDetails, "hours" | "specialDays">, day: string) {
  const special = specialDayOn(details.specialDays, day);
  return { hours: special?.hours ?? details.hours[weekdayOf(day)], note: special?.note ?? "" };
}

export interface OpenNow {
  open: boolean;
  /** While open: today's closing time. */
  closesAt?: string;
  /** When it opens next (not while open): the day and time. */
  next?: { day: string; opens: string };
  /** A special day's note for today ("emergency tankering only"). */
  note: string;
}

/** Whether the office is open at `at` (site time zone, special days included) and when it next opens. */
export function openNow(details: Pick<SiteDetails, "hours" | "specialDays">, at: Date): OpenNow {
  const { day, time } = siteClock(at);
  const today = hoursOn(details, day);
  if (!today.hours.closed && today.hours.opens <= time && time < today.hours.closes)
    return { open: true, closesAt: today.hours.closes, note: today.note };
  if (!today.hours.closed && time < today.hours.opens)
    return { open: false, next: { day, opens: today.hours.opens }, note: today.note };
  let next = day;
  for (let i = 0; i < 400; i++) {
    next = nextDay(next);
    const { hours } = hoursOn(details, next);
    if (!hours.closed) return { open: false, next: { day: next, opens: hours.opens }, note: today.note };
  }
  return { open: false, note: today.note };
}

/** "25 December": a calendar day as the site writes it. */
const dateText = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** "Open now · closes at 18:00", "Closed now · opens Monday at 06:00" (a special day's note after). */
export function openNowText(details: Pick<SiteDetails, "hours" | "specialDays">, at: Date): string {
  const state = openNow(details, at);
  const { day: today } = siteClock(at);
  let text: string;
  if (state.open) text = `${OPEN_NOW_TEXTS.openNow} · ${OPEN_NOW_TEXTS.closesAt(state.closesAt ?? "")}`;
  else if (!state.next) text = OPEN_NOW_TEXTS.closedNow;
  else {
    const { day, opens } = state.next;
    const days = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
    const when =
      days === 0
        ? OPEN_NOW_TEXTS.today
        : days === 1
          ? OPEN_NOW_TEXTS.tomorrow
          : days < 7
            ? WEEKDAY_NAMES[weekdayOf(day)]
            : `${WEEKDAY_NAMES[weekdayOf(day)]} ${dateText(day)}`;
    text = `${OPEN_NOW_TEXTS.closedNow} · ${OPEN_NOW_TEXTS.opensAt(when, opens)}`;
  }
  return state.note ? `${text} (${state.note})` : text;
}

/** Special days still to come or under way at `at` (past ones are ignored), in date order. */
export function upcomingSpecialDays(details: Pick<SiteDetails, "specialDays">, at: Date): SpecialDay[] {
  const { day } = siteClock(at);
  return details.specialDays
    .filter((s) => (s.to || s.from) >= day)
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** "25 December" or "25 December to 26 December": a special day's dates as the site shows them. */
export const specialDayDates = (s: SpecialDay) =>
  s.to && s.to !== s.from ? `${dateText(s.from)} to ${dateText(s.to)}` : dateText(s.from);
