import { SITE_DETAILS_LABELS as L } from "@common/content/site-content/messages";
import type { DayHours } from "@common/content/site-content/site-details-defaults";
import type { DocumentFieldsProps } from "~/components/admin/content/site-content/DocumentEditor";
import { fieldId } from "~/components/admin/content/site-content/DocumentFields";
import { DetailsField } from "./DetailsField";

/** Hours given when 'Closed' is unticked on a day that had none. */
const OPEN_DAY = { opens: "09:00", closes: "17:00" };

/**
 * A day's hours at `path` ("hours.mon", "specialDays.0.hours"): 'Closed' (posted as
 * `<path>.closed`), or 'Opens' and 'Closes' (times in the site's time zone). Ticking 'Closed'
 * keeps the times typed, for unticking it.
 */
export function HoursFields({
  path,
  hours,
  ...props
}: DocumentFieldsProps & { path: string; hours: DayHours }) {
  const times = hours as DayHours & { opens?: string; closes?: string };
  const id = fieldId(`${path}.closed`);
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex h-11 items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={`${path}.closed`}
          checked={hours.closed}
          onChange={(event) =>
            props.onChange(path, {
              ...times,
              closed: event.target.checked,
              opens: times.opens || OPEN_DAY.opens,
              closes: times.closes || OPEN_DAY.closes,
            })
          }
          className="size-5"
        />
        <label htmlFor={id} className="font-semibold">
          {L.closed}
        </label>
      </div>
      {!hours.closed && (
        <>
          <DetailsField {...props} path={`${path}.opens`} label={L.opens} type="time" className="w-36" />
          <DetailsField {...props} path={`${path}.closes`} label={L.closes} type="time" className="w-36" />
        </>
      )}
    </div>
  );
}
