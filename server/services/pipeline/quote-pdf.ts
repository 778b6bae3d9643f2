import type PDFKit from "pdfkit";
import { COMPANY } from "../../../common/company";
import {
  type PrintableQuote,
  QUOTE_DOCUMENT_TEXTS,
  quoteLineCells,
  quoteSummaryRows,
} from "../../../common/pipeline/quote-document";
import { QUOTE_STATE_LABELS } from "../../../common/pipeline/quotes";

type PdfDocumentClass = typeof PDFKit;
let loading: Promise<PdfDocumentClass> | undefined;

/**
 * pdfkit, loaded on the first PDF asked for: most starts never make one, and the server's cold
 * start and memory are budgeted (decision 0016). It stays a package of its own beside the bundle
 * (scripts/build-server.mjs): it reads its fonts' metrics from files beside its module.
 */
function loadPdfkit(): Promise<PdfDocumentClass> {
  loading ??= import("pdfkit").then((module) => (module.default ?? module) as PdfDocumentClass);
  return loading;
}

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4, points
const PAGE_HEIGHT = 841.89;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
/** The lines' columns: x and width, in points from the left margin. */
const COLUMNS = {
  description: { x: 0, width: 185, align: "left" },
  quantity: { x: 190, width: 55, align: "right" },
  unitPrice: { x: 250, width: 105, align: "right" },
  vat: { x: 362, width: 68, align: "left" },
  net: { x: 430, width: CONTENT - 430, align: "right" },
} as const;
type Column = keyof typeof COLUMNS;
const ORDER: Column[] = ["description", "quantity", "unitPrice", "vat", "net"];

export interface QuotePdfOptions {
  /** Deflate the page's content (the default); off in tests that read the text back. */
  compress?: boolean;
}

/**
 * The quote as a PDF (A4): the company, the quote's number, version, state and validity, its
 * lines, the subtotal, discount, each VAT rate's share and the total (the cells and rows of
 * common/pipeline/quote-document.ts, as the customer's page and the mail show them), and its
 * terms. Standard fonts only (Helvetica): nothing is read from the quote but text.
 */
export async function renderQuotePdf(quote: PrintableQuote, options: QuotePdfOptions = {}): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const T = QUOTE_DOCUMENT_TEXTS;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: `${T.title(quote.number)} (${T.version(quote.version).toLowerCase()})`,
      Author: COMPANY.legalName,
      Subject: T.validUntil(quote.validUntil),
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const bottom = PAGE_HEIGHT - MARGIN;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };

  // The company and the quote.
  doc.font("Helvetica-Bold").fontSize(16).text(COMPANY.name);
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      [
        COMPANY.legalName,
        `${COMPANY.address.street}, ${COMPANY.address.locality} ${COMPANY.address.postcode}`,
        `${COMPANY.phone} · ${COMPANY.email}`,
        `Waste carrier registration ${COMPANY.wasteCarrierRegistration}`,
      ].join("\n"),
    );
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(20).text(T.title(quote.number));
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(
      `${T.version(quote.version)} · ${QUOTE_STATE_LABELS[quote.state]} · ${T.validUntil(quote.validUntil)}`,
    );
  doc.moveDown(1.2);

  // The lines.
  const row = (cells: Record<Column, string>, font: string) => {
    doc.font(font).fontSize(10);
    const height = Math.max(...ORDER.map((c) => doc.heightOfString(cells[c], { width: COLUMNS[c].width })));
    ensureRoom(height + 6);
    const top = doc.y;
    for (const c of ORDER) {
      const column = COLUMNS[c];
      doc.text(cells[c], MARGIN + column.x, top, {
        width: column.width,
        align: column.align,
      });
    }
    doc.y = top + height + 3;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + CONTENT, doc.y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.y += 4;
    doc.x = MARGIN;
  };
  row(
    {
      description: T.description,
      quantity: T.quantity,
      unitPrice: T.unitPrice,
      vat: T.vat,
      net: T.net,
    },
    "Helvetica-Bold",
  );
  for (const line of quote.lines) row({ ...quoteLineCells(line) }, "Helvetica");

  // The totals, right-aligned under the net column.
  doc.moveDown(0.3);
  const labelWidth = COLUMNS.net.x - 10;
  for (const summary of quoteSummaryRows(quote)) {
    doc.font(summary.total ? "Helvetica-Bold" : "Helvetica").fontSize(summary.total ? 12 : 10);
    ensureRoom(18);
    const top = doc.y;
    doc.text(summary.label, MARGIN, top, { width: labelWidth, align: "right" });
    doc.text(summary.amount, MARGIN + COLUMNS.net.x, top, {
      width: COLUMNS.net.width,
      align: "right",
    });
    doc.y = top + (summary.total ? 18 : 15);
  }

  // The terms.
  doc.x = MARGIN;
  doc.moveDown(1.5);
  ensureRoom(40);
  doc.font("Helvetica-Bold").fontSize(13).text(T.terms, MARGIN, doc.y, { width: CONTENT });
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).text(quote.terms, { width: CONTENT });

  doc.end();
  return finished;
}
