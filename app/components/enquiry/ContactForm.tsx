import { REFERENCE_TEXT } from "@common/confirmation";
import { contactSchema } from "@common/enquiries";
import { CONTACT_MESSAGES } from "@common/enquiry-messages";
import { REFERENCE_MS } from "@common/ui";
import { useNavigate } from "react-router";
import { isActionable } from "~/lib/enquiry-api";
import { useMessages } from "~/lib/messages";
import { EnquiryForm, type FieldSpec } from "./EnquiryForm";

const FIELDS: FieldSpec<"name" | "email" | "company" | "phone" | "message">[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "company", label: "Company", autoComplete: "organization" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "message", label: "Message", type: "textarea" },
];

/** The contact form on /contact and /contact/2. Success resets it and goes home. */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  const { add } = useMessages();
  const navigate = useNavigate();
  return (
    <EnquiryForm
      kind="contact"
      labelledBy={labelledBy}
      fields={FIELDS}
      successText={CONTACT_MESSAGES.success}
      schema={contactSchema}
      onSuccess={(reference) => {
        add(CONTACT_MESSAGES.success, "success");
        if (reference) add(REFERENCE_TEXT.yours(reference), "alert", REFERENCE_MS);
        navigate("/");
      }}
      onFailure={(result) => add(isActionable(result) ? result.message : CONTACT_MESSAGES.failure, "error")}
    />
  );
}
