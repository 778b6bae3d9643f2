import { REFERENCE_TEXT } from "@common/leads/confirmation";
import { tankeringSchema } from "@common/leads/enquiries";
import { TANKERING_MESSAGES } from "@common/leads/enquiry-messages";
import { FREQUENCIES } from "@common/leads/enquiry-terms";
import { REFERENCE_MS } from "@common/ui";
import { showMessage } from "~/page-script/messages";
import { EnquiryForm, type EnquiryFormPage, type FieldSpec } from "./EnquiryForm";

const FIELDS: FieldSpec<"name" | "email" | "phone" | "frequency" | "message">[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "frequency", label: "Frequency", suggestions: FREQUENCIES },
  { name: "message", label: "Message", type: "textarea" },
];

/** The waste water tankering enquiry on /services/2. */
export function TankeringForm({ labelledBy, ...page }: EnquiryFormPage & { labelledBy: string }) {
  return (
    <EnquiryForm
      {...page}
      kind="tankering"
      idPrefix="tankering-form"
      labelledBy={labelledBy}
      fields={FIELDS}
      successText={TANKERING_MESSAGES.success}
      schema={tankeringSchema}
      onSuccess={(reference) => {
        showMessage(TANKERING_MESSAGES.success, "success");
        if (reference) showMessage(REFERENCE_TEXT.yours(reference), "alert", REFERENCE_MS);
      }}
      onFailure={(result) => showMessage(`${TANKERING_MESSAGES.failurePrefix}${result.message}`, "error")}
    />
  );
}
