import { ContactForm } from "~/components/enquiry/ContactForm";
import type { EnquiryFormPage } from "~/components/enquiry/EnquiryForm";
import { TankeringForm } from "~/components/enquiry/TankeringForm";

/** The enquiry form island's props: plain data, written into the page beside its container. */
export interface EnquiryFormIslandProps extends EnquiryFormPage {
  kind: "contact" | "tankering";
  labelledBy: string;
}

/** The contact or tankering form, drawn alike by the server and by the island's script. */
export function EnquiryFormIsland({ kind, ...props }: EnquiryFormIslandProps) {
  return kind === "contact" ? <ContactForm {...props} /> : <TankeringForm {...props} />;
}
