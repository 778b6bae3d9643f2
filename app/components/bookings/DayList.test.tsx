import type { AvailableDay } from "@common/bookings/availability";
import { BOOKING_TEXTS } from "@common/bookings/bookings";
import { DAY_LIST_TEXTS } from "@common/bookings/day-list";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DayList } from "./BookingSteps";

const day = (date: string, times: number): AvailableDay => ({
  day: date,
  slots: Array.from({ length: times }, (_, i) => {
    const time = `${String(9 + (i >> 1)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`;
    return { start: `${date}T${time}:00.000Z`, time };
  }),
});

/** The markup between `from` and `to` (both texts of the page). */
const between = (html: string, from: string, to?: string) =>
  html.slice(html.indexOf(from), to ? html.indexOf(to) : undefined);

describe("/book's list of days", () => {
  const days = [
    day("2026-12-03", 16),
    day("2026-12-04", 1),
    day("2026-12-07", 16),
    day("2026-12-14", 12),
    day("2026-12-21", 16),
  ];
  const html = renderToStaticMarkup(<DayList days={days} base="/book" />);

  it("lists every day as a link, week by week under its Monday", () => {
    for (const d of days) expect(html).toContain(`href="/book?day=${d.day}"`);
    expect(html).toContain(BOOKING_TEXTS.chooseDay);
    for (const monday of ["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"])
      expect(html).toContain(DAY_LIST_TEXTS.week(monday));
    // The weekday over the date, a space between them: the link is named "Thursday 3 December 16 times".
    expect(html).toMatch(/>Thursday<\/span> <span[^>]*>3 December<\/span>/);
    expect(html).toContain(DAY_LIST_TEXTS.times(1));
  });

  it("shows two weeks open and folds the later ones into one disclosure that opens without scripts", () => {
    const open = between(html, BOOKING_TEXTS.chooseDay, "<details");
    expect(open).toContain("?day=2026-12-03");
    expect(open).toContain("?day=2026-12-07");
    expect(open).not.toContain("?day=2026-12-14");
    const folded = between(html, "<details");
    expect(folded).toContain(`<summary`);
    expect(folded).toContain(DAY_LIST_TEXTS.later("2026-12-21"));
    expect(folded).toContain("?day=2026-12-14");
    expect(folded).toContain("?day=2026-12-21");
  });

  it("has no disclosure when every day falls in the first two weeks, and says so when none is free", () => {
    expect(renderToStaticMarkup(<DayList days={days.slice(0, 3)} base="/book" />)).not.toContain("<details");
    expect(renderToStaticMarkup(<DayList days={[]} base="/book" />)).toContain(BOOKING_TEXTS.noDays);
  });
});
