/** The enquiry screen's pipeline words (issue 49): 'Stage' and 'Quotes'. */

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
  description: "Description",
  quantity: "Quantity",
  unit: "Unit",
  unitPrice: "Unit price (£)",
  vat: "VAT",
  discount: "Discount (%)",
  validUntil: "Valid until",
  terms: "Terms",
  createQuote: "Create quote",
  quoteCreated: (number: string) => `Quote ${number} created`,
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
