/** The enquiry screen's pipeline words (issue 49): 'Stage' and 'Quotes'. */

import { QUOTE_STATE_LABELS } from "@common/pipeline/quotes";

/** Blank line rows the 'New quote' form offers (a page without JavaScript cannot add rows). */
export const QUOTE_FORM_ROWS = 5;

export const PIPELINE_SCREEN_TEXTS = {
  stage: "Stage",
  anyStage: "Any stage",
  moveTo: "Move to",
  reason: "Reason",
  note: "Note on this move",
  value: "Value (£)",
  moveStage: "Move stage",
  stageMoved: "Stage moved",
  quotes: "Quotes",
  noQuotes: "No quotes yet",
  newQuote: "New quote",
  service: "Service",
  noService: "Not from the price list",
  serviceOption: (name: string, price: string, unit: string) => `${name}: ${price} ${unit}`,
  /** The unit's and VAT's first option: the chosen service's, or (VAT) 20%; a unit must be chosen without one. */
  asService: "—",
  description: "Description",
  quantity: "Quantity",
  unit: "Unit",
  unitPrice: "Unit price (£)",
  vat: "VAT",
  discount: "Discount (%)",
  /** Offered only when editing a quote whose discount is an amount (the API's `amount`). */
  discountAmount: "Discount (£)",
  validUntil: "Valid until",
  terms: "Terms",
  createQuote: "Create quote",
  quoteCreated: (number: string) => `Quote ${number} created`,
  /** A draft's form: changed in place. */
  editQuote: "Edit quote",
  /** A sent quote's form: saved as the next version, which supersedes it. */
  reviseQuote: "Revise quote",
  reviseHint: `Saving makes the next version, a draft to send; this version stays readable as ${QUOTE_STATE_LABELS.superseded}.`,
  saveQuote: "Save quote",
  quoteSaved: (number: string) => `Quote ${number} saved`,
  quoteRevised: (number: string, version: number) =>
    `Quote ${number} version ${version} saved as a draft: send it to mail the customer its link`,
  sendQuote: "Send quote",
  quoteSent: (number: string) => `Quote ${number} sent to the customer`,
  lineLabel: (n: number) => `Line ${n}`,
  quotePdf: (number: string, version: number) => `PDF of ${number} v${version}`,
} as const;

/** Enquiries a column of the board shows (the rest are a link to the inbox filtered by the stage). */
export const BOARD_COLUMN_MAX = 50;

export const BOARD_TEXTS = {
  title: "Pipeline",
  intro: "Every enquiry that is not spam, by stage, newest first. Open one to move it to another stage.",
  column: (stage: string, n: number, more: boolean) => `${stage} (${more ? `${n}+` : n})`,
  empty: "None",
  noName: "(no name)",
  all: (stage: string) => `All ${stage} enquiries`,
} as const;

/** 'Price list and reasons' (/admin/dashboard/pipeline-settings): the Owner edits, the Desk reads. */
export const PIPELINE_SETTINGS_TEXTS = {
  title: "Price list and reasons",
  intro:
    "The services a quote's lines start from, the reasons an enquiry is lost for, and the quotes' terms.",
  readOnly: "Only the Owner changes these.",
  priceList: "Price list",
  service: "Service",
  unit: "Unit",
  unitPrice: "Unit price (£)",
  vat: "VAT",
  archived: "Archived",
  state: "State",
  active: "Offered",
  noServices: "No services yet",
  addService: "Add service",
  saveService: "Save service",
  serviceAdded: (name: string) => `${name} added to the price list`,
  serviceSaved: (name: string) => `${name} saved`,
  reasons: "Lost reasons",
  reason: "Reason",
  noReasons: "No reasons",
  addReason: "Add reason",
  reasonAdded: (label: string) => `Reason '${label}' added`,
  archive: (label: string) => `Archive ${label}`,
  restore: (label: string) => `Restore ${label}`,
  archivedReason: (label: string) => `Reason '${label}' archived`,
  restoredReason: (label: string) => `Reason '${label}' restored`,
  terms: "Quote terms",
  termsHint: "A new quote takes these terms; a quote already sent keeps the terms it was sent with.",
  publishTerms: "Publish terms",
  termsPublished: "Terms published: new quotes take them",
  link: "Price list and reasons",
  unknownIntent: "Choose what to change",
} as const;
