import { describe, expect, it } from "vitest";
import {
  groupThousands,
  isBritishSummerTime,
  londonDay,
  londonTime,
  MONTHS,
  SHORT_MONTHS,
  WEEKDAYS,
} from "./en-gb";

const LONDON = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  weekday: "long",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
  timeZone: "Europe/London",
});

describe("londonTime", () => {
  it("agrees with Intl's Europe/London at every hour of 1996-2040 and every quarter hour around each change", () => {
    const instants: number[] = [];
    for (let t = Date.UTC(1996, 0, 1, 0, 0, 7); t < Date.UTC(2041, 0, 1); t += 3_600_000) instants.push(t);
    for (let year = 1996; year <= 2040; year++)
      for (const month of [2, 9])
        for (let day = 24; day <= 31; day++)
          for (let m = 0; m < 180; m += 15) instants.push(Date.UTC(year, month, day, 0, m));
    const wrong: string[] = [];
    for (const t of instants) {
      const p = Object.fromEntries(LONDON.formatToParts(t).map((part) => [part.type, part.value]));
      const ours = londonTime(t);
      const same =
        ours.year === Number(p.year) &&
        ours.month === Number(p.month) &&
        ours.day === Number(p.day) &&
        WEEKDAYS[ours.weekday] === p.weekday &&
        ours.hour === Number(p.hour) &&
        ours.minute === Number(p.minute) &&
        ours.second === Number(p.second);
      if (!same && wrong.length < 5) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it("changes the clocks at 01:00 UTC on the last Sundays of March and October", () => {
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 0, 59))).toBe(false);
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 1, 0))).toBe(true);
    expect(isBritishSummerTime(Date.UTC(2026, 9, 25, 0, 59))).toBe(true);
    expect(isBritishSummerTime(Date.UTC(2026, 9, 25, 1, 0))).toBe(false);
    expect(londonTime(Date.UTC(2026, 5, 30, 23, 30))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      weekday: 3,
      hour: 0,
      minute: 30,
      second: 0,
    });
    expect(londonDay(Date.UTC(2026, 5, 30, 23, 30))).toBe("2026-07-01");
    expect(londonDay(Date.UTC(2026, 11, 31, 23, 30))).toBe("2026-12-31");
  });
});

describe("names and numbers", () => {
  it("names months and weekdays as en-GB's ICU does", () => {
    const long = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });
    const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });
    for (let m = 0; m < 12; m++) {
      expect(MONTHS[m]).toBe(long.format(Date.UTC(2025, m, 5)));
      expect(SHORT_MONTHS[m]).toBe(short.format(Date.UTC(2025, m, 5)));
    }
    // 2 March 2025 was a Sunday.
    for (let d = 0; d < 7; d++) expect(WEEKDAYS[d]).toBe(weekday.format(Date.UTC(2025, 2, 2 + d)));
  });

  it("groups thousands as toLocaleString('en-GB') does", () => {
    for (const n of [0, 7, 999, 1000, 30_000, 123_456, 1_000_000, 98_765_432])
      expect(groupThousands(n)).toBe(n.toLocaleString("en-GB"));
  });
});
