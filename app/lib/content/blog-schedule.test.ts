import { describe, expect, it } from "vitest";
import { londonLocal, londonToIso } from "./blog-schedule";

describe("schedule times in Europe/London", () => {
  it("reads a winter time as UTC and a summer time as UTC+1", () => {
    expect(londonToIso("2026-11-30T08:00")).toBe("2026-11-30T08:00:00.000Z");
    expect(londonToIso("2026-07-06T08:00")).toBe("2026-07-06T07:00:00.000Z");
  });

  it("round-trips through the datetime-local value", () => {
    for (const iso of ["2026-03-29T00:30:00.000Z", "2026-03-29T01:30:00.000Z", "2026-10-25T02:30:00.000Z"])
      expect(londonToIso(londonLocal(new Date(iso)))).toBe(iso.replace(/:\d\d\.000Z$/, ":00.000Z"));
    expect(londonLocal(new Date("2026-07-06T07:00:00Z"))).toBe("2026-07-06T08:00");
    // 01:30 on the night the clocks go back happens twice: the first one.
    expect(londonToIso("2026-10-25T01:30")).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses malformed values", () => {
    for (const value of ["", "2026-11-30", "monday 8:00", "2026-13-40T99:99"]) {
      const iso = londonToIso(value);
      expect(iso === null || !Number.isNaN(Date.parse(iso))).toBe(true);
    }
    expect(londonToIso("2026-11-30 08:00")).toBeNull();
  });
});
