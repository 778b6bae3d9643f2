/**
 * Dates, times and numbers as the site writes them in en-GB, on the site's clock (Europe/London,
 * `SITE_TIME_ZONE`, which the database's own date arithmetic uses), by arithmetic rather than `Intl`. A browser's first `Intl.DateTimeFormat` or
 * `toLocaleString` loads its ICU data: one task of 35-220 ms in Chromium on this project's
 * machines, four times that on Lighthouse's phone, and the blog's dates render on public pages
 * (decision 0035). London keeps GMT in winter and BST (UTC+1) from 01:00 UTC on the last Sunday
 * of March to 01:00 UTC on the last Sunday of October, the rule since 1996; a test checks every
 * hour of 1996-2040 against `Intl`.
 */

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** en-GB's short month names, as ICU writes them ('Sept'). */
export const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
];

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of the month (0-based), when London's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** True when London keeps summer time (BST) at the instant. */
export function isBritishSummerTime(time: number): boolean {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
}

export interface LondonTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 (Sunday) to 6 */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time in London at the instant (milliseconds since the epoch). */
export function londonTime(time: number): LondonTime {
  const wall = new Date(time + (isBritishSummerTime(time) ? HOUR : 0));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** Two digits, '08'. */
export const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The London date of the instant, sortable: '2025-03-09'. */
export function londonDay(time: number): string {
  const t = londonTime(time);
  return `${t.year}-${twoDigits(t.month)}-${twoDigits(t.day)}`;
}

/** A whole number with thousands separated by commas, as en-GB writes it: 10000 → '10,000'. */
export const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
