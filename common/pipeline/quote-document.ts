import { formatBasisPoints, formatPence, formatQuantity, QUOTE_UNIT_LABELS, VAT_RATE_LABELS } from "./money";
import type { QuoteView } from "./quotes";

/**
 * A quote as every copy of it reads (issue 49): the customer's page, the PDF and the mail show
 * these cells and rows, from the totals common/pipeline/money.ts worked out and the quote stored,
 * so no copy can say another figure.
 */
export type PrintableQuote = Pick<
  QuoteView,
  "number" | "version" | "state" | "validUntil" | "terms" | "discount" | "lines" | "totals"
>;

export const QUOTE_DOCUMENT_TEXTS = {
  title: (number: string) => `Quote ${number}`,
  version: (version: number) => `Version ${version}`,
  validUntil: (day: string) => `Valid until ${day}`,
  caption: "The quote's lines",
  description: "Description",
  quantity: "Quantity",
  unitPrice: "Unit price",
  vat: "VAT",
  net: "Net",
  subtotal: "Subtotal",
  discount: "Discount",
  total: "Total",
  terms: "Terms",
  /** The PDF's file name: Q-2026-0001-v2.pdf. */
  fileName: (number: string, version: number) => `${number}-v${version}.pdf`,
} as const;

export interface QuoteLineCells {
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  net: string;
}

/** A line's cells: '1.5', '£45.00 per tonne', 'VAT at 20%', '£67.50'. */
export function quoteLineCells(line: PrintableQuote["lines"][number]): QuoteLineCells {
  return {
    description: line.description,
    quantity: formatQuantity(line.quantityThousandths),
    unitPrice: `${formatPence(line.unitPricePence)} ${QUOTE_UNIT_LABELS[line.unit]}`,
    vat: VAT_RATE_LABELS[line.vatRate],
    net: formatPence(line.netPence),
  };
}

export interface QuoteSummaryRow {
  key: string;
  label: string;
  amount: string;
  /** The total's row (shown in bold). */
  total?: boolean;
}

/**
 * The rows under the lines: the subtotal, the discount when there is one ('Discount (12.5%)'),
 * each VAT rate's share on its discounted net ('VAT at 20% on £90.00'), and the total.
 */
export function quoteSummaryRows(quote: Pick<PrintableQuote, "discount" | "totals">): QuoteSummaryRow[] {
  const T = QUOTE_DOCUMENT_TEXTS;
  const { totals } = quote;
  const discount = quote.discount as { kind?: string; basisPoints?: number };
  const rows: QuoteSummaryRow[] = [
    {
      key: "subtotal",
      label: T.subtotal,
      amount: formatPence(totals.subtotalPence),
    },
  ];
  if (totals.discountPence > 0) {
    const percent =
      discount.kind === "percent" && typeof discount.basisPoints === "number"
        ? ` (${formatBasisPoints(discount.basisPoints)})`
        : "";
    rows.push({
      key: "discount",
      label: `${T.discount}${percent}`,
      amount: `-${formatPence(totals.discountPence)}`,
    });
  }
  for (const rate of totals.rates) {
    rows.push({
      key: `vat-${rate.rate}`,
      label: `${VAT_RATE_LABELS[rate.rate]} on ${formatPence(rate.netPence)}`,
      amount: formatPence(rate.vatPence),
    });
  }
  rows.push({
    key: "total",
    label: T.total,
    amount: formatPence(totals.totalPence),
    total: true,
  });
  return rows;
}
