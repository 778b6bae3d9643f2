import { SITE_DETAILS_LABELS as L } from "@common/content/site-content/messages";
import { SITE_DETAILS_LIMITS } from "@common/content/site-content/site-details";
import type { SpecialDay } from "@common/content/site-content/site-details-defaults";
import { CalendarPlus, Trash2 } from "lucide-react";
import type { DocumentFieldsProps } from "~/components/admin/content/site-content/DocumentEditor";
import { fieldId } from "~/components/admin/content/site-content/DocumentFields";
import { countName } from "~/lib/content/site-document-form";
import { DetailsField } from "./DetailsField";
import { HoursFields } from "./HoursFields";

const NEW_DAY: SpecialDay = { from: "", to: "", hours: { closed: true }, note: "" };

/**
 * Special days (bank holidays, Christmas): a group each, a date (or a run of days), closed or its
 * own hours, and a note; 'Add special day' and 'Remove'. The form says how many there are
 * (`specialDays.count`); each one's error (a date, an overlap) is said beside its field.
 */
export function SpecialDaysFields({ days, ...props }: DocumentFieldsProps & { days: SpecialDay[] }) {
  const listError = props.errors.specialDays;
  const id = fieldId("specialDays");
  return (
    <fieldset id={id} tabIndex={-1} className="card flex flex-col gap-4" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-lg font-bold">{L.specialDays}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {L.specialDaysHint}
      </p>
      {listError && <p className="text-sm font-semibold text-[var(--color-danger)]">{listError}</p>}
      <input type="hidden" name={countName("specialDays")} value={days.length} />
      {days.length === 0 && <p className="text-muted">{L.noSpecialDays}</p>}
      {days.map((day, index) => {
        const path = `specialDays.${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a special day is its place in the list (its fields' names say it)
          <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <legend className="px-1 font-semibold">{L.specialDay(index + 1)}</legend>
            <div className="flex flex-wrap gap-4">
              <DetailsField {...props} path={`${path}.from`} label={L.from} type="date" className="w-44" />
              <DetailsField {...props} path={`${path}.to`} label={L.to} type="date" className="w-44" />
            </div>
            <HoursFields {...props} path={`${path}.hours`} hours={day.hours} />
            <DetailsField
              {...props}
              path={`${path}.note`}
              label={L.note}
              maxLength={SITE_DETAILS_LIMITS.note}
            />
            <button
              type="button"
              className="btn btn-ghost self-start text-sm"
              aria-label={L.removeSpecialDay(index + 1)}
              onClick={() =>
                props.onChange(
                  "specialDays",
                  days.filter((_, i) => i !== index),
                )
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {L.remove}
            </button>
          </fieldset>
        );
      })}
      {days.length < SITE_DETAILS_LIMITS.specialDays && (
        <button
          type="button"
          className="btn btn-ghost self-start"
          onClick={() => props.onChange("specialDays", [...days, NEW_DAY])}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {L.addSpecialDay}
        </button>
      )}
    </fieldset>
  );
}
