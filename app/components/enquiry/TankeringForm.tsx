import { REFERENCE_TEXT } from "@common/confirmation";
import { tankeringSchema } from "@common/enquiries";
import { TANKERING_MESSAGES } from "@common/enquiry-messages";
import { FREQUENCIES } from "@common/enquiry-terms";
import { REFERENCE_MS } from "@common/ui";
import { useMessages } from "~/lib/messages";
import { EnquiryForm, type FieldSpec } from "./EnquiryForm";

const FIELDS: FieldSpec<"name" | "email" | "phone" | "frequency" | "message">[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "frequency", label: "Frequency", suggestions: FREQUENCIES },
  { name: "message", label: "Message", type: "textarea" },
];

/** The waste water tankering enquiry on /services/2. */
export function TankeringForm({ labelledBy }: { labelledBy: string }) {
  const { add } = useMessages();
  return (
    <EnquiryForm
      kind="tankering"
      labelledBy={labelledBy}
      fields={FIELDS}
      successText={TANKERING_MESSAGES.success}
      schema={tankeringSchema}
      onSuccess={(reference) => {
        add(TANKERING_MESSAGES.success, "success");
        if (reference) add(REFERENCE_TEXT.yours(reference), "alert", REFERENCE_MS);
      }}
      onFailure={(result) => add(`${TANKERING_MESSAGES.failurePrefix}${result.message}`, "error")}
    />
  );
}
