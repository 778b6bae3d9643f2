import { WEEK_REVIEWS_MESSAGES } from "@common/bookings/week";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { WeekReviews } from "./WeekReviews";

const render = (reviews: Parameters<typeof WeekReviews>[0]["reviews"]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <WeekReviews reviews={reviews} />
    </MemoryRouter>,
  );

/** The dashboard's week of free waste reviews (issue 48). */
describe("the dashboard's week of reviews", () => {
  it("shows each review's UK time, company, reference linking its enquiry and colleague, and a link to Bookings", () => {
    const html = render([
      {
        id: "b1",
        // 09:30 UTC in July is 10:30 in London (summer time).
        startsAt: "2027-07-05T09:30:00.000Z",
        company: "Monday Mill",
        reference: "FO-0000ABCD",
        enquiryId: "e1",
        staffEmail: "desk@example.co.uk",
      },
      {
        id: "b2",
        startsAt: "2027-07-06T13:00:00.000Z",
        company: null,
        reference: "FO-0000EF01",
        enquiryId: null,
        staffEmail: null,
      },
    ]);
    expect(html).toContain(WEEK_REVIEWS_MESSAGES.heading);
    expect(html).toContain("Monday 5 July 2027 at 10:30");
    expect(html).toContain("Monday Mill");
    expect(html).toMatch(/<a [^>]*href="\/admin\/dashboard\/enquiries\/e1"[^>]*>FO-0000ABCD<\/a>/);
    expect(html).toContain("desk@example.co.uk");
    expect(html).toContain(WEEK_REVIEWS_MESSAGES.office);
    expect(html).toContain("FO-0000EF01");
    expect(html).not.toContain(WEEK_REVIEWS_MESSAGES.empty);
    expect(html).toMatch(
      new RegExp(
        `<a [^>]*href="/admin/dashboard/bookings\\?range=week"[^>]*>${WEEK_REVIEWS_MESSAGES.openBookings}</a>`,
      ),
    );
  });

  it("says so when none is booked, and still links to Bookings", () => {
    const html = render([]);
    expect(html).toContain(WEEK_REVIEWS_MESSAGES.empty);
    expect(html).toContain(WEEK_REVIEWS_MESSAGES.openBookings);
  });
});
