/** The enquiry form block's id: the form's anchor after sending (enquiry-action.server.ts). */
export const BLOCK_FORM_ANCHOR = "page-enquiry";
