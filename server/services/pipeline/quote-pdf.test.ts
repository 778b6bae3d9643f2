import { describe, expect, it } from "vitest";
import { MAX_QUOTE_LINES, quoteTotals } from "../../../common/pipeline/money";
import {
  type PrintableQuote,
  quoteLineCells,
  quoteSummaryRows,
} from "../../../common/pipeline/quote-document";
import { pdfText } from "../../test/pdf-text";
import { renderQuotePdf } from "./quote-pdf";

type Line = PrintableQuote["lines"][number];

function printable(lines: Omit<Line, "netPence" | "serviceId">[], discount: PrintableQuote["discount"]) {
  const totals = quoteTotals(lines, discount as never);
  const quote: PrintableQuote = {
    number: "Q-2026-0042",
    version: 3,
    state: "sent",
    validUntil: "2027-01-15",
    terms:
      "Payment is due within 30 days of each invoice.\nContaminated loads are charged at the rate found.",
    discount,
    lines: lines.map((l, i) => ({
      ...l,
      serviceId: null,
      netPence: totals.lineNetPence[i] ?? 0,
    })),
    totals: {
      subtotalPence: totals.subtotalPence,
      discountPence: totals.discountPence,
      netPence: totals.netPence,
      vatPence: totals.vatPence,
      totalPence: totals.totalPence,
      rates: totals.rates,
    },
  };
  return quote;
}

/** The quote's PDF (issue 49): the same cells and rows as the customer's page and the mail. */
describe("the quote's PDF", () => {
  it("shows the number, version, validity, every line's cells, the discount, each VAT rate, the total and the terms", async () => {
    const quote = printable(
      [
        {
          description: "Food waste collection",
          quantityThousandths: 4000,
          unit: "collection",
          unitPricePence: 1850,
          vatRate: "standard",
        },
        {
          description: "Depackaging",
          quantityThousandths: 1500,
          unit: "tonne",
          unitPricePence: 3333,
          vatRate: "standard",
        },
        {
          description: "Compost",
          quantityThousandths: 1000,
          unit: "load",
          unitPricePence: 10_000,
          vatRate: "zero",
        },
      ],
      { kind: "percent", basisPoints: 1250 },
    );
    const pdf = await renderQuotePdf(quote, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Quote Q-2026-0042");
    expect(text).toContain("Version 3 · Sent · Valid until 2027-01-15");
    for (const line of quote.lines) {
      const cells = quoteLineCells(line);
      for (const cell of Object.values(cells)) expect(text).toContain(cell);
    }
    const rows = quoteSummaryRows(quote);
    expect(rows.map((r) => r.label)).toEqual([
      "Subtotal",
      "Discount (12.5%)",
      "VAT at 20% on £108.50",
      "Zero-rated on £87.50",
      "Total",
    ]);
    for (const row of rows) {
      expect(text).toContain(row.label);
      expect(text).toContain(row.amount);
    }
    // £224.00 less 12.5% (£28.00) is £196.00; VAT 20% of £108.50 is £21.70.
    expect(rows.at(-1)?.amount).toBe("£217.70");
    expect(text).toContain("Payment is due within 30 days of each invoice.");
    expect(text).toContain("Contaminated loads are charged at the rate found.");
  });

  it("has no discount row without a discount, and is the same deflated (the default)", async () => {
    const quote = printable(
      [
        {
          description: "Tankering",
          quantityThousandths: 2500,
          unit: "hour",
          unitPricePence: 9000,
          vatRate: "standard",
        },
      ],
      { kind: "none" },
    );
    const text = pdfText(await renderQuotePdf(quote));
    expect(text.some((t) => t.startsWith("Discount"))).toBe(false);
    expect(text).toContain("£225.00");
    expect(text).toContain("£270.00");
  });

  it("runs onto further pages for a quote of the most lines, every line shown", async () => {
    const lines = Array.from({ length: MAX_QUOTE_LINES }, (_, i) => ({
      description: `Line ${i + 1}: collection of mixed food waste from the kitchen and the front of house`,
      quantityThousandths: 1000 + i,
      unit: "collection" as const,
      unitPricePence: 1000 + i,
      vatRate: "standard" as const,
    }));
    const pdf = await renderQuotePdf(printable(lines, { kind: "none" }), {
      compress: false,
    });
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    const text = pdfText(pdf).join("\n");
    for (let i = 1; i <= MAX_QUOTE_LINES; i++) expect(text).toContain(`Line ${i}:`);
  });
});
