import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./site-details";

describe("a special day's date", () => {
  it("is a real calendar day written YYYY-MM-DD", () => {
    expect(isCalendarDay("2027-03-28")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
  });

  it("refuses days that do not exist, and never throws on a month or day out of range", () => {
    for (const value of [
      "2027-02-29",
      "2027-04-31",
      "2027-13-45",
      "2027-00-10",
      "2027-12-99",
      "27-03-28",
      "",
    ])
      expect(isCalendarDay(value), value).toBe(false);
  });
});
