import { addDays } from "@common/bookings/availability";
import { reviewTimeText } from "@common/bookings/mail";
import { londonDay } from "@common/en-gb";
import { Form, Link } from "react-router";
import { BookingTable, SettingsForm } from "~/components/admin/bookings/BookingTable";
import { type Column, DataTable } from "~/components/admin/DataTable";
import { pageHeadingClass } from "~/components/admin/styles";
import { dayText } from "~/components/bookings/BookingSteps";
import { useSettledAnswer } from "~/lib/action-answer";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { bookingsAction, bookingsScreen } from "~/lib/bookings/bookings-admin.server";
import { requireAdmin } from "~/lib/staff/admin-session.server";
import type { Route } from "./+types/bookings";

export const meta = adminMeta("Bookings");
export const headers = adminHeaders;

/** 'Bookings' (Desk and Owner, issue 48): the free waste reviews by day, week or colleague, and their changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  return bookingsScreen(context, admin, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "enquiries");
  return bookingsAction(context, await request.formData(), admin);
}

const RANGE_LABELS = { today: "Today", week: "This week", upcoming: "Upcoming" } as const;

/** The London days a day/week list shows: today, or this week's Monday to Sunday. */
function listDays(range: "today" | "week", now: number): string[] {
  const today = londonDay(now);
  if (range === "today") return [today];
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

type Block = { id: string; startsAt: string; endsAt: string; reason: string; createdBy: string | null };
const blockColumns: Array<Column<Block>> = [
  { id: "from", header: "From", rowHeader: true, cell: (b) => reviewTimeText(b.startsAt) },
  { id: "to", header: "To", cell: (b) => reviewTimeText(b.endsAt) },
  { id: "reason", header: "Reason", cell: (b) => b.reason },
  {
    id: "remove",
    header: "Remove",
    cell: (b) => (
      <Form method="post">
        <input type="hidden" name="intent" value="unblock" />
        <input type="hidden" name="id" value={b.id} />
        <button type="submit" className="btn btn-outline" aria-label={`Remove the blocked time ${b.reason}`}>
          Remove
        </button>
      </Form>
    ),
  },
];

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useSettledAnswer(actionData) as
    | { ok: true; message?: string; feedUrl?: string }
    | { ok: false; error: string }
    | undefined;
  const { range, staff, bookings, reviewers, blocks, settings, move, now } = loaderData;
  const query = (next: { range?: string; staff?: string }) => {
    const params = new URLSearchParams();
    params.set("range", next.range ?? range);
    if ((next.staff ?? staff) !== "") params.set("staff", next.staff ?? staff);
    return `?${params}`;
  };
  return (
    <article className="flex flex-col gap-6">
      <h1 className={pageHeadingClass}>Bookings</h1>
      <p className="max-w-prose text-muted">
        Free waste reviews booked online. Each is also an enquiry on the desk, under its reference.
      </p>
      <p role="status" className="font-semibold">
        {answer && !answer.ok ? (
          <span className="text-[var(--color-danger)]">{answer.error}</span>
        ) : (
          answer?.message
        )}
      </p>
      <nav aria-label="Which bookings" className="flex flex-wrap items-center gap-4">
        {(Object.keys(RANGE_LABELS) as Array<keyof typeof RANGE_LABELS>).map((r) => (
          <Link
            key={r}
            to={query({ range: r })}
            className="link"
            aria-current={r === range ? "page" : undefined}
          >
            {RANGE_LABELS[r]}
          </Link>
        ))}
        <Form method="get" className="flex items-end gap-2">
          <input type="hidden" name="range" value={range} />
          <label className="flex flex-col text-sm">
            <span>Member of staff</span>
            <select
              name="staff"
              defaultValue={staff}
              className="rounded-md border border-border bg-bg px-2 py-1"
            >
              <option value="">Everyone</option>
              <option value="office">The office (nobody yet)</option>
              {reviewers.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.email}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-outline">
            Show
          </button>
        </Form>
      </nav>

      {move && (
        <section className="card flex flex-col gap-3" aria-labelledby="booking-move-heading">
          <h2 id="booking-move-heading" className="h-card">
            Reschedule {move.booking.reference} (now {reviewTimeText(move.booking.startsAt)})
          </h2>
          {move.day ? (
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="reschedule" />
              <input type="hidden" name="id" value={move.booking.id} />
              <fieldset>
                <legend className="font-semibold">{dayText(move.day.day)}</legend>
                <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {move.day.slots.map((slot, i) => (
                    <li key={slot.start}>
                      <label className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="start"
                          value={slot.start}
                          required
                          defaultChecked={i === 0}
                        />
                        {slot.time}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div className="flex gap-4">
                <button type="submit" className="btn btn-primary">
                  Move the review
                </button>
                <Link className="link" to={`?move=${move.booking.id}`}>
                  Choose another day
                </Link>
              </div>
            </Form>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {move.days.map((d) => (
                <li key={d.day}>
                  <Link className="btn btn-outline" to={`?move=${move.booking.id}&day=${d.day}`}>
                    {dayText(d.day)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {range === "upcoming" ? (
        <BookingTable
          bookings={bookings}
          reviewers={reviewers}
          now={now}
          caption={`Bookings: ${RANGE_LABELS[range]}`}
        />
      ) : (
        // Today, or this week day by day: one list a day (Monday to Sunday), each under its heading.
        <section className="flex flex-col gap-4" aria-label={`Bookings: ${RANGE_LABELS[range]}`}>
          {listDays(range, now).map((day) => (
            <BookingTable
              key={day}
              bookings={bookings.filter((b) => londonDay(Date.parse(b.startsAt)) === day)}
              reviewers={reviewers}
              now={now}
              caption={`Bookings: ${dayText(day)}`}
            />
          ))}
        </section>
      )}

      {loaderData.canChangeSettings && (
        <section className="card flex flex-col gap-3" aria-labelledby="booking-reviewers-heading">
          <h2 id="booking-reviewers-heading" className="h-card">
            Who takes reviews
          </h2>
          <p className="max-w-prose text-sm text-muted">
            A booking is given to one of them who is free at its time; each may have one review at a time.
            With nobody ticked, reviews are on the office's one calendar.
          </p>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="reviewers" />
            <fieldset>
              <legend className="font-semibold">Colleagues who take reviews</legend>
              <ul className="mt-2 flex flex-col gap-1">
                {reviewers.map((r) => (
                  <li key={r.id}>
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="staffId" value={r.id} defaultChecked={r.takesReviews} />
                      {r.email}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <button type="submit" className="btn btn-primary self-start">
              Save who takes reviews
            </button>
          </Form>
        </section>
      )}

      <section className="card flex flex-col gap-3" aria-labelledby="booking-feed-heading">
        <h2 id="booking-feed-heading" className="h-card">
          Your calendar feed
        </h2>
        <p className="max-w-prose text-sm text-muted">
          Subscribe to your reviews in your calendar app with a secret address. Keep it to yourself; making a
          new one stops the old one working.{" "}
          {loaderData.feed.since
            ? `Your current address was made ${reviewTimeText(loaderData.feed.since)}.`
            : "You have no address yet."}
        </p>
        {answer?.ok && answer.feedUrl && (
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Feed address</span>
            <input
              readOnly
              value={answer.feedUrl}
              className="rounded-md border border-border bg-bg px-2 py-1 font-mono text-sm"
            />
          </label>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="feed" />
          <button type="submit" className="btn btn-outline">
            {loaderData.feed.since ? "Make a new feed address" : "Make my feed address"}
          </button>
        </Form>
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="booking-blocks-heading">
        <h2 id="booking-blocks-heading" className="h-card">
          Blocked times
        </h2>
        <p className="max-w-prose text-sm text-muted">
          No review is offered in a blocked time (holidays, training). UK time.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="block" />
          <label className="flex flex-col gap-1">
            <span className="font-semibold">From</span>
            <input
              type="datetime-local"
              name="startsAt"
              required
              className="rounded-md border border-border bg-bg px-2 py-1"
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">To</span>
            <input
              type="datetime-local"
              name="endsAt"
              required
              className="rounded-md border border-border bg-bg px-2 py-1"
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Reason</span>
            <input
              name="reason"
              required
              maxLength={500}
              className="rounded-md border border-border bg-bg px-2 py-1"
            />
          </label>
          <button type="submit" className="btn btn-primary">
            Block the time
          </button>
        </Form>
        <DataTable
          caption="Blocked times to come"
          columns={blockColumns}
          rows={blocks}
          rowKey={(b) => b.id}
          empty="No blocked times."
        />
      </section>

      {loaderData.canChangeSettings && <SettingsForm settings={settings} />}
    </article>
  );
}
