import { describe, expect, it } from "vitest";
import type { SiteDetails, SpecialDay } from "../content/site-content/site-details-defaults";
import { SITE_DETAILS_DEFAULTS } from "../content/site-content/site-details-defaults";
import {
  availability,
  DEFAULT_BOOKING_SETTINGS,
  firstBookableDay,
  type Interval,
  lastBookableDay,
  londonInstant,
  nearestSlots,
} from "./availability";

// The published defaults: Mon-Fri 06:00-18:00, Sat 08:00-17:00, Sunday closed.
const details: Pick<SiteDetails, "hours" | "specialDays"> = {
  hours: SITE_DETAILS_DEFAULTS.hours,
  specialDays: [],
};
const at = (iso: string) => Date.parse(iso);
/** Wednesday 6 January 2027, 10:00 GMT. */
const WEDNESDAY = at("2027-01-06T10:00:00Z");

const times = (days: ReturnType<typeof availability>, day: string) =>
  days.find((d) => d.day === day)?.slots.map((s) => s.time);

const run = (extra: Partial<Parameters<typeof availability>[0]> = {}) =>
  availability({
    details,
    settings: DEFAULT_BOOKING_SETTINGS,
    booked: [],
    blocked: [],
    now: WEDNESDAY,
    ...extra,
  });

const WEEKDAY_GRID = [
  "06:00",
  "06:45",
  "07:30",
  "08:15",
  "09:00",
  "09:45",
  "10:30",
  "11:15",
  "12:00",
  "12:45",
  "13:30",
  "14:15",
  "15:00",
  "15:45",
  "16:30",
  "17:15",
];

describe("availability from the opening hours", () => {
  it("steps by the review's length and the buffer after it, each review ending by closing time", () => {
    const days = run();
    expect(times(days, "2027-01-07")).toEqual(WEEKDAY_GRID);
    // Saturday 08:00-17:00: the last review starts 16:15 and ends 16:45 (17:00 + 30 would pass closing).
    expect(times(days, "2027-01-09")).toEqual([
      "08:00",
      "08:45",
      "09:30",
      "10:15",
      "11:00",
      "11:45",
      "12:30",
      "13:15",
      "14:00",
      "14:45",
      "15:30",
      "16:15",
    ]);
    // Sunday is closed: no day at all.
    expect(times(days, "2027-01-10")).toBeUndefined();
  });

  it("follows the settings: a longer review and no buffer", () => {
    const days = run({ settings: { ...DEFAULT_BOOKING_SETTINGS, lengthMinutes: 60, bufferMinutes: 0 } });
    expect(times(days, "2027-01-07")?.slice(0, 3)).toEqual(["06:00", "07:00", "08:00"]);
    expect(times(days, "2027-01-07")?.at(-1)).toBe("17:00");
  });

  it("uses a special day's hours, and leaves a closed special day out", () => {
    const special: SpecialDay[] = [
      { from: "2027-01-07", to: "", hours: { closed: true }, note: "Stocktake" },
      { from: "2027-01-08", to: "", hours: { closed: false, opens: "10:00", closes: "12:00" }, note: "" },
      // Sunday opened specially.
      { from: "2027-01-10", to: "", hours: { closed: false, opens: "09:00", closes: "10:00" }, note: "" },
    ];
    const days = run({ details: { ...details, specialDays: special } });
    expect(times(days, "2027-01-07")).toBeUndefined();
    expect(times(days, "2027-01-08")).toEqual(["10:00", "10:45", "11:30"]);
    expect(times(days, "2027-01-10")).toEqual(["09:00"]);
  });

  it("takes out a booked review with its buffer, and keeps the times either side", () => {
    const booked: Interval[] = [{ start: at("2027-01-07T09:45:00Z"), end: at("2027-01-07T10:15:00Z") }];
    const thursday = times(run({ booked }), "2027-01-07");
    expect(thursday).not.toContain("09:45");
    expect(thursday).toContain("09:00");
    expect(thursday).toContain("10:30");
    // A review booked off the grid (the length changed since) takes out every time it meets.
    const offGrid: Interval[] = [{ start: at("2027-01-07T09:20:00Z"), end: at("2027-01-07T09:50:00Z") }];
    const moved = times(run({ booked: offGrid }), "2027-01-07");
    // 09:00 + 45 min (review and buffer) reaches 09:45: it meets 09:20; 09:45 meets the buffer to 10:05.
    expect(moved).not.toContain("09:00");
    expect(moved).not.toContain("09:45");
    expect(moved).toContain("08:15");
    expect(moved).toContain("10:30");
  });

  it("takes out a blocked time (a holiday, training)", () => {
    const blocked: Interval[] = [{ start: at("2027-01-07T12:00:00Z"), end: at("2027-01-07T14:00:00Z") }];
    const thursday = times(run({ blocked }), "2027-01-07");
    expect(thursday).toContain("11:15");
    expect(thursday).not.toContain("12:00");
    expect(thursday).not.toContain("12:45");
    expect(thursday).not.toContain("13:30");
    expect(thursday).toContain("14:15");
    // A whole week blocked: no day in it.
    const week: Interval[] = [{ start: at("2027-01-11T00:00:00Z"), end: at("2027-01-18T00:00:00Z") }];
    const days = run({ blocked: week });
    expect(days.some((d) => d.day >= "2027-01-11" && d.day < "2027-01-18")).toBe(false);
    expect(times(days, "2027-01-18")).toEqual(WEEKDAY_GRID);
  });

  it("starts on the next open day (the minimum notice), or later with more notice", () => {
    expect(run()[0].day).toBe("2027-01-07");
    // Saturday: Sunday is closed, so the next open day is Monday.
    expect(firstBookableDay(details, { noticeDays: 1 }, at("2027-01-09T09:00:00Z"))).toBe("2027-01-11");
    expect(firstBookableDay(details, { noticeDays: 2 }, WEDNESDAY)).toBe("2027-01-08");
    // No notice: today's times still to come.
    const today = run({ settings: { ...DEFAULT_BOOKING_SETTINGS, noticeDays: 0 } });
    expect(today[0].day).toBe("2027-01-06");
    expect(today[0].slots[0].time).toBe("10:30");
  });

  it("ends at the horizon", () => {
    const days = run();
    expect(lastBookableDay(DEFAULT_BOOKING_SETTINGS, WEDNESDAY)).toBe("2027-03-03");
    expect(days.at(-1)?.day).toBe("2027-03-03");
    const shorter = run({ settings: { ...DEFAULT_BOOKING_SETTINGS, horizonWeeks: 1 } });
    expect(shorter.at(-1)?.day).toBe("2027-01-13");
    // Asked for a range: clipped to it.
    expect(run({ from: "2027-02-01", to: "2027-02-07" }).map((d) => d.day)).toEqual([
      "2027-02-01",
      "2027-02-02",
      "2027-02-03",
      "2027-02-04",
      "2027-02-05",
      "2027-02-06",
    ]);
    expect(run({ from: "2027-06-01" })).toEqual([]);
  });

  it("offers the nearest free times", () => {
    const days = run({ from: "2027-01-07", to: "2027-01-07" });
    expect(nearestSlots(days, "2027-01-07T09:45:00.000Z").map((s) => s.time)).toEqual([
      "09:45",
      "09:00",
      "10:30",
    ]);
  });
});

describe("availability across London's clock changes", () => {
  // Open on the two Sundays of the change, at night, 30-minute reviews, no buffer.
  const night: SpecialDay[] = ["2027-03-28", "2027-10-31"].map((from) => ({
    from,
    to: "",
    hours: { closed: false, opens: "00:00", closes: "03:00" },
    note: "",
  }));
  const settings = { ...DEFAULT_BOOKING_SETTINGS, lengthMinutes: 30, bufferMinutes: 0, horizonWeeks: 26 };
  const slots = (day: string) =>
    availability({
      details: { ...details, specialDays: night },
      settings,
      booked: [],
      blocked: [],
      now: Date.parse(`${day}T00:00:00Z`) - 10 * 86_400_000,
      from: day,
      to: day,
    })[0].slots;

  it("spring (28 March 2027): the hour the clocks skip has no times, the others keep their wall clock", () => {
    expect(slots("2027-03-28")).toEqual([
      { time: "00:00", start: "2027-03-28T00:00:00.000Z" },
      { time: "00:30", start: "2027-03-28T00:30:00.000Z" },
      // 01:00 and 01:30 do not exist in London that night.
      { time: "02:00", start: "2027-03-28T01:00:00.000Z" },
      { time: "02:30", start: "2027-03-28T01:30:00.000Z" },
    ]);
  });

  it("autumn (31 October 2027): the repeated hour is offered once, no instant twice", () => {
    const autumn = slots("2027-10-31");
    expect(autumn).toEqual([
      { time: "00:00", start: "2027-10-30T23:00:00.000Z" },
      { time: "00:30", start: "2027-10-30T23:30:00.000Z" },
      { time: "01:00", start: "2027-10-31T00:00:00.000Z" },
      { time: "01:30", start: "2027-10-31T00:30:00.000Z" },
      { time: "02:00", start: "2027-10-31T02:00:00.000Z" },
      { time: "02:30", start: "2027-10-31T02:30:00.000Z" },
    ]);
    expect(new Set(autumn.map((s) => s.start)).size).toBe(autumn.length);
  });

  it("the working days around each change keep their wall-clock grid (GMT before, BST after, and back)", () => {
    const around = (from: string, to: string, now: string) =>
      availability({
        details,
        settings: DEFAULT_BOOKING_SETTINGS,
        booked: [],
        blocked: [],
        now: at(now),
        from,
        to,
      });
    const spring = around("2027-03-26", "2027-03-29", "2027-03-20T12:00:00Z");
    expect(spring.map((d) => d.day)).toEqual(["2027-03-26", "2027-03-27", "2027-03-29"]);
    expect(spring[0].slots[0]).toEqual({ time: "06:00", start: "2027-03-26T06:00:00.000Z" });
    expect(spring[2].slots[0]).toEqual({ time: "06:00", start: "2027-03-29T05:00:00.000Z" });
    for (const d of spring)
      expect(d.slots.map((s) => s.time)).toEqual(d.day === "2027-03-27" ? expect.any(Array) : WEEKDAY_GRID);
    const autumn = around("2027-10-29", "2027-11-01", "2027-10-20T12:00:00Z");
    expect(autumn[0].slots[0]).toEqual({ time: "06:00", start: "2027-10-29T05:00:00.000Z" });
    expect(autumn.at(-1)?.slots[0]).toEqual({ time: "06:00", start: "2027-11-01T06:00:00.000Z" });
    expect(autumn.at(-1)?.slots.map((s) => s.time)).toEqual(WEEKDAY_GRID);
    const all = [...spring, ...autumn].flatMap((d) => d.slots.map((s) => s.start));
    expect(new Set(all).size).toBe(all.length);
  });

  it("londonInstant: a skipped time is none, a repeated one its first", () => {
    expect(londonInstant("2027-03-28", 60)).toBeUndefined();
    expect(londonInstant("2027-10-31", 90)).toBe(at("2027-10-31T00:30:00Z"));
    expect(londonInstant("2027-07-01", 600)).toBe(at("2027-07-01T09:00:00Z"));
    expect(londonInstant("2027-12-01", 600)).toBe(at("2027-12-01T10:00:00Z"));
  });
});
