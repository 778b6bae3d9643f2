/** The enquiry screen's pipeline words (issue 49): 'Stage' and 'Quotes'. */

/** Blank line rows the 'New quote' form offers (a page without JavaScript cannot add rows). */
export const QUOTE_FORM_ROWS = 5;

export const PIPELINE_SCREEN_TEXTS = {
  stage: "Stage",
  moveTo: "Move to",
  reason: "Reason",
  note: "Note",
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
} as const;
