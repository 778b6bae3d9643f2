import { describe, expect, it } from "vitest";
import { DAY_LIST_TEXTS, dayText, mondayOf, weeksOf } from "./day-list";

describe("the days /book lists", () => {
  it("say their weekday and date", () => {
    expect(dayText("2026-12-03")).toBe("Thursday 3 December");
    expect(dayText("2027-01-01")).toBe("Friday 1 January");
    // The clocks' changes do not move a calendar day.
    expect(dayText("2027-03-28")).toBe("Sunday 28 March");
    expect(dayText("2027-10-31")).toBe("Sunday 31 October");
  });

  it("fall in the week of their Monday, across a month and a year", () => {
    expect(mondayOf("2026-12-07")).toBe("2026-12-07");
    expect(mondayOf("2026-12-13")).toBe("2026-12-07");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(mondayOf("2027-03-28")).toBe("2027-03-22");
  });

  it("are grouped week by week in order, a week only where it has days", () => {
    const days = ["2026-12-03", "2026-12-05", "2026-12-07", "2026-12-12", "2026-12-21"].map((day) => ({
      day,
    }));
    expect(weeksOf(days)).toEqual([
      {
        monday: "2026-11-30",
        days: [{ day: "2026-12-03" }, { day: "2026-12-05" }],
      },
      {
        monday: "2026-12-07",
        days: [{ day: "2026-12-07" }, { day: "2026-12-12" }],
      },
      { monday: "2026-12-21", days: [{ day: "2026-12-21" }] },
    ]);
    expect(weeksOf([])).toEqual([]);
  });

  it("name a week, the later dates and a day's times", () => {
    expect(DAY_LIST_TEXTS.week("2026-12-07")).toBe("Week of Monday 7 December");
    expect(DAY_LIST_TEXTS.later("2027-01-23")).toBe("Later dates, until Saturday 23 January");
    expect(DAY_LIST_TEXTS.times(1)).toBe("1 time");
    expect(DAY_LIST_TEXTS.times(16)).toBe("16 times");
  });
});
