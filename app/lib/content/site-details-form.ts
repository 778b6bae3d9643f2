import { SOCIAL_NETWORKS, WEEKDAYS } from "@common/content/site-content/site-details-defaults";
import { countName } from "./site-document-form";

/** The most special days a form may say it holds (the schema's limit, and room to say it is exceeded). */
const MOST_SPECIAL_DAYS = 100;

const textOf = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A day's hours as the form posts them: `<path>.closed` ticked, or its opening and closing times. */
function hoursFrom(form: FormData, path: string) {
  if (form.get(`${path}.closed`) !== null) return { closed: true };
  return { closed: false, opens: textOf(form, `${path}.opens`), closes: textOf(form, `${path}.closes`) };
}

/**
 * The site details the editor's form holds (its controls are named by the document's dotted paths:
 * "address.postcode", "hours.sat.opens", "specialDays.0.note"), as typed: the service keeps a
 * half-valid draft and checks the whole document when it is published.
 */
export function siteDetailsFromForm(form: FormData): Record<string, unknown> {
  const count = Math.min(Math.max(Number(form.get(countName("specialDays"))) || 0, 0), MOST_SPECIAL_DAYS);
  return {
    name: textOf(form, "name"),
    legalName: textOf(form, "legalName"),
    address: Object.fromEntries(
      ["street", "locality", "postcode", "country"].map((part) => [part, textOf(form, `address.${part}`)]),
    ),
    phone: textOf(form, "phone"),
    email: textOf(form, "email"),
    wasteCarrierRegistration: textOf(form, "wasteCarrierRegistration"),
    social: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, textOf(form, `social.${network}`)]),
    ),
    reviews: { write: textOf(form, "reviews.write"), read: textOf(form, "reviews.read") },
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, hoursFrom(form, `hours.${day}`)])),
    hoursNote: textOf(form, "hoursNote"),
    specialDays: Array.from({ length: count }, (_, i) => ({
      from: textOf(form, `specialDays.${i}.from`),
      to: textOf(form, `specialDays.${i}.to`),
      hours: hoursFrom(form, `specialDays.${i}.hours`),
      note: textOf(form, `specialDays.${i}.note`),
    })),
  };
}
