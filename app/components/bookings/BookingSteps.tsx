import type { AvailableDay, Slot } from "@common/bookings/availability";
import { BOOKING_LIMITS, BOOKING_TEXTS } from "@common/bookings/bookings";
import { DAY_LIST_TEXTS, dayParts, dayText, OPEN_WEEKS, weeksOf } from "@common/bookings/day-list";
import { reviewTimeText } from "@common/bookings/mail";
import { londonTime } from "@common/en-gb";
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_PLACEHOLDER } from "@common/leads/lead-source-field";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PLACEHOLDER } from "@common/leads/spam-fields";
import { HoneypotField } from "~/components/enquiry/FormParts";
import { inputClass, primaryButtonClass } from "~/components/enquiry/styles";
import type { BookAnswer, DetailField } from "~/lib/bookings/book-page.server";

/**
 * The booking's steps as plain HTML (issue 48): they work without JavaScript, each a server round
 * trip. Days are links, a day's times a list of labelled radio buttons, the details a form.
 */

/** The admin's bookings screen says a day the same way. */
export { dayText };

const linkClass = "font-semibold text-brand underline underline-offset-4";
const errorClass = "text-sm font-semibold text-[var(--color-danger)]";

/** A day's link: the weekday over the date, the count beside them. */
const dayLinkClass =
  "flex w-full items-center justify-between gap-3 rounded-md border border-border px-3 py-2.5 font-semibold text-text " +
  "hover:bg-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** A day with free times: its link, the count beside it on one line at 320 px. */
function DayLink({ day, base }: { day: AvailableDay; base: string }) {
  // "Thursday" over "3 December": the same two lines whatever the screen's width.
  const [weekday, date] = dayParts(day.day);
  return (
    <li>
      <a className={dayLinkClass} href={`${base}?day=${day.day}`}>
        <span className="text-left">
          <span className="block">{weekday}</span> <span className="block font-normal">{date}</span>
        </span>
        <span className="shrink-0 whitespace-nowrap text-sm text-muted">
          {DAY_LIST_TEXTS.times(day.slots.length)}
        </span>
      </a>
    </li>
  );
}

function Week({ monday, days, base }: { monday: string; days: AvailableDay[]; base: string }) {
  const id = `booking-week-${monday}`;
  return (
    <section aria-labelledby={id} className="mt-4">
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {DAY_LIST_TEXTS.week(monday)}
      </h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {days.map((d) => (
          <DayLink key={d.day} day={d} base={base} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Step 1: the days with free times, as links, week by week; past the first OPEN_WEEKS the weeks
 * sit in one disclosure (a details element: it opens without JavaScript).
 */
export function DayList({ days, base }: { days: AvailableDay[]; base: string }) {
  if (!days.length) return <p data-testid="booking-no-days">{BOOKING_TEXTS.noDays}</p>;
  const weeks = weeksOf(days);
  const later = weeks.slice(OPEN_WEEKS);
  return (
    <nav aria-labelledby="booking-days-title" data-testid="booking-days">
      <h2 id="booking-days-title" className="h-card">
        {BOOKING_TEXTS.chooseDay}
      </h2>
      {weeks.slice(0, OPEN_WEEKS).map((week) => (
        <Week key={week.monday} {...week} base={base} />
      ))}
      {later.length > 0 && (
        <details className="mt-6">
          <summary className={`${linkClass} cursor-pointer`}>
            {DAY_LIST_TEXTS.later(days[days.length - 1].day)}
          </summary>
          {later.map((week) => (
            <Week key={week.monday} {...week} base={base} />
          ))}
        </details>
      )}
    </nav>
  );
}

/** Step 2: a day's times, a labelled radio button each, sent back to the page (GET). */
export function TimeList({
  day,
  base,
  slots = day.slots,
}: {
  day: AvailableDay;
  base: string;
  slots?: Slot[];
}) {
  return (
    <form method="get" action={base} className="flex flex-col gap-4">
      <fieldset>
        <legend className="h-card">
          {BOOKING_TEXTS.chooseTime}: {dayText(day.day)}
        </legend>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="booking-times">
          {slots.map((slot, i) => (
            <li key={slot.start}>
              <label className="flex items-center gap-2 rounded-md border border-border px-3 py-2">
                <input type="radio" name="start" value={slot.start} required defaultChecked={i === 0} />
                <span>{slot.time}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButtonClass}>
          {BOOKING_TEXTS.continue}
        </button>
        <a className={linkClass} href={base}>
          {BOOKING_TEXTS.changeDay}
        </a>
      </div>
    </form>
  );
}

const LABELS: Record<DetailField, { label: string; type: string; autoComplete: string; max: number }> = {
  name: { label: "Name", type: "text", autoComplete: "name", max: BOOKING_LIMITS.name },
  email: { label: "Email", type: "email", autoComplete: "email", max: BOOKING_LIMITS.email },
  phone: { label: "Phone", type: "tel", autoComplete: "tel", max: BOOKING_LIMITS.phone },
  company: { label: "Company", type: "text", autoComplete: "organization", max: BOOKING_LIMITS.company },
  postcode: {
    label: BOOKING_TEXTS.postcodeLabel,
    type: "text",
    autoComplete: "postal-code",
    max: BOOKING_LIMITS.postcode,
  },
  note: { label: BOOKING_TEXTS.noteLabel, type: "textarea", autoComplete: "off", max: BOOKING_LIMITS.note },
};

/** Step 3: the visitor's details for the time chosen, posted to the page's action. */
export function DetailsForm({ slot, base, answer }: { slot: Slot; base: string; answer?: BookAnswer }) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  return (
    <form
      method="post"
      action={base}
      className="flex flex-col gap-4"
      noValidate
      data-testid="booking-details"
    >
      <h2 className="h-card">{BOOKING_TEXTS.details}</h2>
      <p>
        {BOOKING_TEXTS.when}: <strong>{reviewTimeText(slot.start)}</strong>{" "}
        <a className={linkClass} href={`${base}?day=${dayOfSlot(slot)}`}>
          {BOOKING_TEXTS.changeTime}
        </a>
      </p>
      {errors.form && (
        <p role="alert" className={errorClass}>
          {errors.form}
        </p>
      )}
      <input type="hidden" name="start" value={slot.start} />
      {(Object.keys(LABELS) as DetailField[]).map((name) => {
        const field = LABELS[name];
        const id = `booking-${name}`;
        const error = errors[name];
        const common = {
          id,
          name,
          defaultValue: values[name] ?? "",
          maxLength: field.max,
          autoComplete: field.autoComplete,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          className: inputClass,
        };
        return (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={id} className="font-semibold">
              {field.label}
            </label>
            {field.type === "textarea" ? (
              <textarea {...common} rows={4} />
            ) : (
              <input {...common} type={field.type} required />
            )}
            {error && (
              <p id={`${id}-error`} className={errorClass}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <HoneypotField id="booking-trap" />
      {/* Filled in by the server as it serves the page (server/pages/form-token.ts). */}
      <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={FORM_TOKEN_PLACEHOLDER} />
      <input type="hidden" name={LEAD_SOURCE_FIELD} defaultValue={LEAD_SOURCE_PLACEHOLDER} />
      <div>
        <button type="submit" className={primaryButtonClass}>
          {BOOKING_TEXTS.book}
        </button>
      </div>
    </form>
  );
}

const dayOfSlot = (slot: Slot) => {
  const t = londonTime(Date.parse(slot.start));
  return `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
};

/** The time was taken meanwhile: said plainly, with the nearest free times to choose from. */
export function TakenNotice({ taken, base }: { taken: NonNullable<BookAnswer["taken"]>; base: string }) {
  return (
    <div role="alert" className="card flex flex-col gap-3" data-testid="booking-taken">
      <p className={errorClass}>{taken.message}</p>
      {taken.nearest.length > 0 && (
        <>
          <h2 className="h-card">{BOOKING_TEXTS.nearest}</h2>
          <ul className="flex flex-col gap-2">
            {taken.nearest.map((slot) => (
              <li key={slot.start}>
                <a className={linkClass} href={`${base}?start=${encodeURIComponent(slot.start)}`}>
                  {reviewTimeText(slot.start)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
