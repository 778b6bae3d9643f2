import { INSIGHTS_MESSAGES, OTHER_PATH, OTHER_SOURCE } from "@common/insights/insights";

const NUMBER = new Intl.NumberFormat("en-GB");
export const count = (n: number) => NUMBER.format(n);

/** "12%" of a whole, or "–" when there is no whole. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((100 * part) / whole)}%` : "–";

/** "3 Mar" from 2026-03-03 (UTC parts: the day as counted). */
const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
export const shortDay = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));
export const longDay = (day: string) => LONG.format(new Date(`${day}T00:00:00Z`));

export const pageLabel = (path: string) => (path === OTHER_PATH ? INSIGHTS_MESSAGES.other : path);
export const sourceLabel = (value: string) =>
  value === "" ? INSIGHTS_MESSAGES.direct : value === OTHER_SOURCE ? INSIGHTS_MESSAGES.otherSources : value;
