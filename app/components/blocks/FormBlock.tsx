import { BLOCK_PAGE_TEXTS } from "@common/content/block-pages";
import { EnquiryFormPanel } from "~/components/enquiry/EnquiryFormPanel";
import { FormPanel } from "~/components/PageParts";
import type { BlockView } from "~/lib/content/block-page-view";
import { BLOCK_FORM_ANCHOR } from "./anchors";

type Form = Extract<BlockView, { type: "form" }>;

/**
 * The enquiry form: the contact page's form, as its island, posting to this page's own action, so
 * this page is the enquiry's landing page when the visit began here.
 */
export function FormBlock({ block }: { block: Form }) {
  // A `div`: the panel is the section, with the form's heading.
  return (
    <div className="section">
      <div className="container-page max-w-3xl">
        <FormPanel
          id={BLOCK_FORM_ANCHOR}
          title={block.heading || BLOCK_PAGE_TEXTS.formHeading}
          intro={block.text}
        >
          <EnquiryFormPanel kind="contact" labelledBy={`${BLOCK_FORM_ANCHOR}-title`} />
        </FormPanel>
      </div>
    </div>
  );
}
