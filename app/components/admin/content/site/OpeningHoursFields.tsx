import { SITE_DETAILS_LABELS as L } from "@common/content/site-content/messages";
import { SITE_DETAILS_LIMITS } from "@common/content/site-content/site-details";
import { type SiteDetails, WEEKDAYS } from "@common/content/site-content/site-details-defaults";
import type { DocumentFieldsProps } from "~/components/admin/content/site-content/DocumentEditor";
import { DetailsField } from "./DetailsField";
import { HoursFields } from "./HoursFields";

/** The week's opening hours: a group per weekday ('Monday' … 'Sunday'), each 'Closed' or its times, and
 * the line the contact page shows under them. */
export function OpeningHoursFields({
  hours,
  ...props
}: DocumentFieldsProps & { hours: SiteDetails["hours"] }) {
  return (
    <fieldset className="card flex flex-col gap-4">
      <legend className="px-1 text-lg font-bold">{L.openingHours}</legend>
      {WEEKDAYS.map((day) => (
        <fieldset key={day} className="flex flex-col gap-2 border-t border-border pt-3">
          <legend className="font-semibold">{L.weekdays[day]}</legend>
          <HoursFields {...props} path={`hours.${day}`} hours={hours[day]} />
        </fieldset>
      ))}
      <DetailsField
        {...props}
        path="hoursNote"
        label={L.hoursNote}
        maxLength={SITE_DETAILS_LIMITS.hoursNote}
      />
    </fieldset>
  );
}
