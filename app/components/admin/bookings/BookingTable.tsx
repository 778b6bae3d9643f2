import { BOOKING_SETTING_LIMITS, type BookingSettings } from "@common/bookings/availability";
import { BOOKING_SETTING_LABELS, BOOKING_STATUS_LABELS, type BookingView } from "@common/bookings/bookings";
import { reviewTimeText } from "@common/bookings/mail";
import { Form } from "react-router";
import { type Column, DataTable } from "~/components/admin/DataTable";

/** The desk's bookings table (issue 48) and each row's changes, as forms that work without JavaScript. */

const smallButton = "btn btn-outline";
const control = "rounded-md border border-border bg-bg px-2 py-1";
type Reviewer = { id: string; email: string };

function RowActions({
  booking,
  reviewers,
  now,
}: {
  booking: BookingView;
  reviewers: Reviewer[];
  now: number;
}) {
  if (booking.status === "cancelled") return <span className="text-muted">{booking.cancelReason}</span>;
  const started = Date.parse(booking.startsAt) <= now;
  return (
    <div className="flex flex-col gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="reassign" />
        <input type="hidden" name="id" value={booking.id} />
        <label className="flex flex-col text-sm">
          <span>Taken by</span>
          <select name="staffId" defaultValue={booking.staffId ?? ""} className={control}>
            <option value="">The office</option>
            {reviewers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.email}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={smallButton} aria-label={`Reassign ${booking.reference}`}>
          Reassign
        </button>
      </Form>
      {booking.status === "booked" && (
        <a
          className="link font-semibold"
          href={`?move=${booking.id}`}
          aria-label={`Reschedule ${booking.reference}`}
        >
          Reschedule
        </a>
      )}
      {booking.status === "booked" && (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={booking.id} />
          <label className="flex flex-col text-sm">
            <span>Reason</span>
            <input name="reason" required maxLength={500} className={control} />
          </label>
          <button type="submit" className={smallButton} aria-label={`Cancel ${booking.reference}`}>
            Cancel
          </button>
        </Form>
      )}
      {started &&
        (["held", "no-show"] as const)
          .filter((status) => booking.status !== status)
          .map((status) => (
            <Form method="post" key={status}>
              <input type="hidden" name="intent" value={status} />
              <input type="hidden" name="id" value={booking.id} />
              <button
                type="submit"
                className={smallButton}
                aria-label={`Mark ${booking.reference} ${BOOKING_STATUS_LABELS[status].toLowerCase()}`}
              >
                {BOOKING_STATUS_LABELS[status]}
              </button>
            </Form>
          ))}
    </div>
  );
}

export function BookingTable({
  bookings,
  reviewers,
  now,
  caption,
}: {
  bookings: BookingView[];
  reviewers: Reviewer[];
  now: number;
  caption: string;
}) {
  const columns: Array<Column<BookingView>> = [
    { id: "when", header: "When", rowHeader: true, cell: (b) => reviewTimeText(b.startsAt) },
    { id: "status", header: "Status", cell: (b) => BOOKING_STATUS_LABELS[b.status] },
    {
      id: "visitor",
      header: "Visitor",
      cell: (b) => (
        <>
          <span className="block font-semibold">{b.name ?? "—"}</span>
          <span className="block">{b.company}</span>
          <span className="block text-muted">{b.phone}</span>
          <span className="block break-all text-muted">{b.email}</span>
        </>
      ),
    },
    { id: "postcode", header: "Site post code", cell: (b) => b.postcode ?? "" },
    { id: "staff", header: "Taken by", cell: (b) => b.staffEmail ?? "The office" },
    {
      id: "reference",
      header: "Reference",
      cell: (b) =>
        b.enquiryId ? (
          <a className="link" href={`/admin/dashboard/enquiries/${b.enquiryId}`}>
            {b.reference}
          </a>
        ) : (
          b.reference
        ),
    },
    {
      id: "actions",
      header: "Change",
      cell: (b) => <RowActions booking={b} reviewers={reviewers} now={now} />,
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={bookings}
      rowKey={(b) => b.id}
      empty="No reviews booked in this range."
    />
  );
}

/** The Owner's settings: the review's length, the buffer, the notice and the horizon. */
export function SettingsForm({ settings }: { settings: BookingSettings }) {
  return (
    <Form method="post" className="card flex flex-col gap-3" aria-labelledby="booking-settings-heading">
      <h2 id="booking-settings-heading" className="h-card">
        Booking settings
      </h2>
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(BOOKING_SETTING_LABELS) as Array<keyof BookingSettings>).map((key) => (
          <label key={key} className="flex flex-col gap-1">
            <span className="font-semibold">{BOOKING_SETTING_LABELS[key]}</span>
            <input
              name={key}
              type="number"
              required
              min={BOOKING_SETTING_LIMITS[key].min}
              max={BOOKING_SETTING_LIMITS[key].max}
              defaultValue={settings[key]}
              className={control}
            />
          </label>
        ))}
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          Save settings
        </button>
      </div>
    </Form>
  );
}
