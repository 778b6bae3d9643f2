import { reviewEnquirySchema } from "../../../common/bookings/bookings";
import { ENQUIRY_SCHEMAS } from "../../../common/leads/enquiries";
import type { EnquiryKind } from "../../../common/leads/enquiry-terms";

/**
 * What the one intake parses each kind's fields with: the forms' schemas (common/leads/enquiries.ts,
 * zod mini, shared with the pages' forms) and the booked review's (common/bookings/bookings.ts,
 * parsed on the server only, so no public page downloads it).
 */
export const INTAKE_SCHEMAS = {
  ...ENQUIRY_SCHEMAS,
  review: reviewEnquirySchema,
} satisfies Record<EnquiryKind, unknown>;
