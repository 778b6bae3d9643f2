import { LEAD_SOURCE_LIMITS } from "../ui";
import { z, zm } from "../zod";
import { ENQUIRY_SCHEMAS } from "./enquiries";
import { ENQUIRY_MESSAGES } from "./enquiry-messages";
import type { FormKind } from "./enquiry-terms";
import { FORM_TOKEN_FIELD } from "./spam-fields";

/**
 * Where an enquiry's visit started and came from, sent with the form (no cookie, no identifier):
 * the page the visit landed on (its path, never its query), the referring site's domain and the
 * landing address's utm_source, utm_medium and utm_campaign. Either the visit the tab kept with
 * the visitor's consent (app/lib/insights/insights.ts), or what the server knew from the form page's own
 * request when that page was the landing (common/leads/lead-source-field.ts), with or without
 * JavaScript. Each part may be absent; a browser asking not to be tracked sends no source at all.
 */

const part = (max: number) =>
  z
    .string({ error: ENQUIRY_MESSAGES.invalidSource })
    .max(max, { error: ENQUIRY_MESSAGES.invalidSource })
    .optional();

/** What the forms send as `source` (the server then normalises each part: see server/services/leads/lead-source.ts). */
export const leadSourceInputSchema = z
  .object(
    {
      landing: part(LEAD_SOURCE_LIMITS.landing).meta({ description: "The path the visit landed on" }),
      referrer: part(LEAD_SOURCE_LIMITS.referrer).meta({ description: "The referring site's domain" }),
      utmSource: part(LEAD_SOURCE_LIMITS.utm),
      utmMedium: part(LEAD_SOURCE_LIMITS.utm),
      utmCampaign: part(LEAD_SOURCE_LIMITS.utm),
    },
    { error: ENQUIRY_MESSAGES.invalidSource },
  )
  .meta({ description: "Where the visit started and came from; optional, as the visitor's browser sent it" });

/**
 * What the API takes for a form (the API document's body): its fields and, optionally, the
 * visit's source and the form's token (the spam check, server/services/leads/spam.ts).
 */
export const enquiryRequestSchema = (kind: FormKind) =>
  zm.extend(ENQUIRY_SCHEMAS[kind], {
    source: zm.optional(leadSourceInputSchema),
    [FORM_TOKEN_FIELD]: zm.optional(
      zm
        .string()
        .register(zm.globalRegistry, { description: "From GET /api/form-token when the form was shown" }),
    ),
  });

/** A stored source: every part a string or null (normalised; an empty source is stored as null). */
export const leadSourceSchema = z.object({
  landing: z.string().nullable(),
  referrer: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;
export type LeadSourceInput = z.infer<typeof leadSourceInputSchema>;

/** Each part's label, in the order the enquiry page and the CSV show them. */
export const LEAD_SOURCE_LABELS: Record<keyof LeadSource, string> = {
  landing: "Landing page",
  referrer: "Came from",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
};

export const LEAD_SOURCE_PARTS = Object.keys(LEAD_SOURCE_LABELS) as Array<keyof LeadSource>;
