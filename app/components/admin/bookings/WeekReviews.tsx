import { reviewTimeText } from "@common/bookings/review-time";
import { WEEK_REVIEWS_MESSAGES as M, type WeekReview } from "@common/bookings/week";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/DataTable";

/** The dashboard's week of free waste reviews (issue 48): time (UK), company, reference, colleague. */
export function WeekReviews({ reviews }: { reviews: WeekReview[] }) {
  return (
    <section aria-labelledby="week-reviews-heading" className="mt-6 flex flex-col gap-4">
      <h2 id="week-reviews-heading" className="h-card">
        {M.heading}
      </h2>
      <div className="card flex flex-col gap-3" data-testid="week-reviews">
        <DataTable
          caption={M.caption}
          columns={[
            { id: "when", header: M.when, rowHeader: true, cell: (r) => reviewTimeText(r.startsAt) },
            { id: "company", header: M.company, cell: (r) => r.company ?? "" },
            {
              id: "reference",
              header: M.reference,
              cell: (r) =>
                r.enquiryId ? (
                  <Link to={`/admin/dashboard/enquiries/${r.enquiryId}`} className="link">
                    {r.reference}
                  </Link>
                ) : (
                  r.reference
                ),
            },
            { id: "colleague", header: M.colleague, cell: (r) => r.staffEmail ?? M.office },
          ]}
          rows={reviews}
          rowKey={(r) => r.id}
          empty={M.empty}
        />
        <Link to="/admin/dashboard/bookings?range=week" className="text-sm font-semibold underline">
          {M.openBookings}
        </Link>
      </div>
    </section>
  );
}
