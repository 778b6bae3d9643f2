import { COMPANY, OPENING_HOURS_TEXT } from "./company";
import type { EnquiryKind } from "./enquiry-terms";

/**
 * The visitor's side of an enquiry: its reference, and the confirmation mail's words.
 * Said once here: the success screens, the enquiry page and the mail all use these.
 */

/** A reference a visitor can read out on the phone: FO- and the first 8 characters of the id. */
export const enquiryReference = (id: string) => `FO-${id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;

export const REFERENCE_TEXT = {
  label: "Reference",
  yours: (reference: string) => `Your reference: ${reference}`,
} as const;

const WHAT: Record<EnquiryKind, string> = {
  contact: "message",
  quote: "quote request",
  tankering: "tankering enquiry",
};

/** The one confirmation mail each visitor gets (never for spam), sent after the office's own. */
export function confirmationMail(input: { kind: EnquiryKind; name: string; reference: string }) {
  return {
    subject: `We have your ${WHAT[input.kind]} (${input.reference})`,
    text: [
      `Dear ${input.name || "customer"},`,
      "",
      `Thank you for your ${WHAT[input.kind]} to ${COMPANY.name}. Your reference is ${input.reference}.`,
      "",
      "What happens next: a member of our team reads every enquiry and will contact you, usually",
      "within one working day. Please quote your reference if you call or write to us.",
      "",
      `Office hours: ${OPENING_HOURS_TEXT}.`,
      `Phone ${COMPANY.phone}, e-mail ${COMPANY.email}.`,
      "",
      COMPANY.name,
    ].join("\n"),
  };
}

/** A reply staff write on the enquiry page: their text, under the enquiry's reference. */
export const replySubject = (reference: string) => `Your enquiry to ${COMPANY.name} (${reference})`;
