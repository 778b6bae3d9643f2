import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { contactSchema } from "@common/leads/enquiries";
import { CONTACT_MESSAGES } from "@common/leads/enquiry-messages";
import { REFERENCE_MS } from "@common/ui";
import { isActionable } from "~/lib/leads/enquiry-api";
import { keepMessagesForNextPage, showMessage } from "~/page-script/messages";
import { EnquiryForm, type EnquiryFormPage, type FieldSpec } from "./EnquiryForm";

const FIELDS: FieldSpec<"name" | "email" | "company" | "phone" | "message">[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "company", label: "Company", autoComplete: "organization" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "message", label: "Message", type: "textarea" },
];

/**
 * The contact form on /contact and /contact/2. Success resets it and goes home, where the home
 * page shows its toast and the reference.
 */
export function ContactForm({ labelledBy, ...page }: EnquiryFormPage & { labelledBy: string }) {
  return (
    <EnquiryForm
      {...page}
      kind="contact"
      idPrefix="contact-form"
      labelledBy={labelledBy}
      fields={FIELDS}
      successText={CONTACT_MESSAGES.success}
      schema={contactSchema}
      onSuccess={(reference) => {
        keepMessagesForNextPage([
          [CONTACT_MESSAGES.success, "success"],
          ...(reference ? [[REFERENCE_TEXT.yours(reference), "alert", REFERENCE_MS] as const] : []),
        ]);
        location.assign("/");
      }}
      onFailure={(result) =>
        showMessage(isActionable(result) ? result.message : CONTACT_MESSAGES.failure, "error")
      }
    />
  );
}
